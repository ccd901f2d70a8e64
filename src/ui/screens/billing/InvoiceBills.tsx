/**
 * "Invoice open bills" on the supplementary invoices' list (issue 14, item 1): what was spent on a client's tickets
 * (spare parts, third-party services) becomes a draft supplementary invoice. The person picks open, billable bills,
 * names the buyer and the place of supply, sees the invoice's GST computed as the server will, and the invoice's
 * generate-invoice-forBills call makes the draft and marks the bills Invoiced in one transaction.
 */
import { Alert, Button, Checkbox, Group, Modal, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput } from '../../kit/DateInput';
import '@mantine/dates/styles.css';
import { IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { todayInIndia } from '../../../contract/dates';
import { formatPaise, paiseToRupeeText } from '../../../contract/money';
import { notify } from '../../../api/notify';
import { GSTIN_PATTERN } from '../../../contract/modules/admin';
import { useT } from '../../../i18n';
import { mayUseModule } from '../../routeModules';
import { selectPermissions, useSession } from '../../../machines/SessionProvider';
import { TextInput } from '../../kit/TextInput';
import { useCallSlot, useModulePermissions, useResource, useSucceeded } from '../../data/resources';
import { GST_STATE_CODE_PATTERN, invoice as invoiceDef } from '../../../contract/modules/billing';
import { DocumentTotalsTable } from '../module/GstAmounts';
import { priceLines, supplyIsInterState } from '../module/linePricing';
import { useSay } from '../../kit/sayings';

const CALL = 'generateInvoiceForBills';

type Bill = { _id: string; alternateId?: string; ticketAlternateId?: string; category?: string; description?: string; vendor?: string; amountPaise?: number; gstRate?: number; status?: string; billable?: boolean };

/** Bills that may go on an invoice: open and billable (the server refuses any other). */
export function invoiceableBills(rows: readonly Record<string, unknown>[]): Bill[] {
  return (rows as Bill[]).filter((bill) => bill.status === 'Open' && bill.billable !== false);
}

function InvoiceBillsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const say = useSay();
  const { slots: billSlots } = useResource('bills', { loadOnMount: true });
  const { slots: invoiceSlots, intents } = useResource('invoice');
  const made = useCallSlot('invoice', CALL);
  const open = useMemo(() => invoiceableBills(billSlots.list.data), [billSlots.list.data]);
  // The supplier is the subscriber: its GSTIN as on the invoices already made, to be changed if need be.
  const lastSupplier = String(invoiceSlots.list.data.find((row) => typeof row.supplierGstin === 'string')?.supplierGstin ?? '');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [fields, setFields] = useState({ supplierGstin: lastSupplier, billToName: '', billToGstin: '', placeOfSupply: '', invoiceDate: todayInIndia() });
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState(false);

  // The invoices may arrive after the dialog opens: their supplier fills the field while it is still empty.
  useEffect(() => {
    if (lastSupplier) setFields((current) => (current.supplierGstin ? current : { ...current, supplierGstin: lastSupplier }));
  }, [lastSupplier]);

  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const picked = open.filter((bill) => chosen.has(bill._id));
  const interState = supplyIsInterState(fields.supplierGstin, fields.placeOfSupply);
  // Each bill is one line of its amount (as the server makes them), read as the form's lines are.
  const priced = priceLines(picked.map((bill) => ({ quantity: 1, ratePaise: paiseToRupeeText(bill.amountPaise ?? 0), gstRate: bill.gstRate ?? 18 })), interState);

  const errors: Partial<Record<keyof typeof fields | 'bills', string>> = {};
  if (picked.length === 0) errors.bills = t('billing.chooseBills');
  if (!GSTIN_PATTERN.test(fields.supplierGstin.trim().toUpperCase())) errors.supplierGstin = t(fields.supplierGstin ? 'billing.fieldInvalid' : 'billing.fieldRequired', { field: t('billing.supplierGstin') });
  if (!fields.billToName.trim()) errors.billToName = t('billing.fieldRequired', { field: t('billing.billToName') });
  if (fields.billToGstin.trim() && !GSTIN_PATTERN.test(fields.billToGstin.trim().toUpperCase())) errors.billToGstin = t('billing.fieldInvalid', { field: t('billing.billToGstin') });
  if (!GST_STATE_CODE_PATTERN.test(fields.placeOfSupply.trim())) errors.placeOfSupply = t(fields.placeOfSupply ? 'billing.fieldInvalid' : 'billing.fieldRequired', { field: t('billing.placeOfSupply') });
  const shown = (name: keyof typeof errors) => (attempted ? errors[name] : undefined);

  useSucceeded(sent, made, (invoice) => {
    notify({ message: t('billing.billsInvoiced', { name: String(invoice.alternateId ?? ''), count: picked.length }), color: 'green' });
    intents.load();
    onClose();
  });

  const submit = () => {
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    setSent(true);
    const ticket = picked[0]?.ticketAlternateId;
    intents.call(CALL, {
      body: {
        billIds: picked.map((bill) => bill._id),
        invoiceDate: fields.invoiceDate,
        supplierGstin: fields.supplierGstin.trim().toUpperCase(),
        placeOfSupply: fields.placeOfSupply.trim(),
        billToName: fields.billToName.trim(),
        ...(fields.billToGstin.trim() ? { billToGstin: fields.billToGstin.trim().toUpperCase() } : {}),
        ...(ticket ? { ticketAlternateId: ticket } : {}),
      },
    });
  };

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal opened onClose={onClose} title={t('billing.billsTitle')} size="lg">
      <Stack gap="sm">
        {billSlots.list.loading && open.length === 0 && <Text size="sm">{t('billing.loading')}</Text>}
        {!billSlots.list.loading && open.length === 0 && <Alert color="gray">{t('billing.noOpenBills')}</Alert>}
        {open.length > 0 && (
          <ScrollArea.Autosize mah={260} type="auto">
            <Stack gap={6} role="group" aria-label={t('billing.billsTitle')}>
              {open.map((bill) => (
                <Checkbox
                  key={bill._id}
                  checked={chosen.has(bill._id)}
                  onChange={() => toggle(bill._id)}
                  label={`${bill.alternateId ?? bill._id} · ${bill.ticketAlternateId ?? ''} · ${bill.category ?? ''}: ${bill.description ?? ''}${bill.vendor ? ` (${bill.vendor})` : ''} · ${formatPaise(bill.amountPaise ?? 0)} · ${bill.gstRate ?? 18} %`}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {shown('bills') && (
          <Text c="red" size="xs">
            {shown('bills')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput label={t('billing.supplierGstin')} required touched={attempted} value={fields.supplierGstin} onChange={(e) => set('supplierGstin')(e.currentTarget.value)} error={errors.supplierGstin} />
          <TextInput label={t('billing.placeOfSupply')} required touched={attempted} value={fields.placeOfSupply} onChange={(e) => set('placeOfSupply')(e.currentTarget.value)} error={errors.placeOfSupply} />
          <TextInput label={t('billing.billToName')} required touched={attempted} value={fields.billToName} onChange={(e) => set('billToName')(e.currentTarget.value)} error={errors.billToName} />
          <TextInput label={t('billing.billToGstin')} touched={attempted} value={fields.billToGstin} onChange={(e) => set('billToGstin')(e.currentTarget.value)} error={errors.billToGstin} />
          <DateInput label={t('billing.invoiceDate')} withAsterisk valueFormat="DD/MM/YYYY" value={fields.invoiceDate} onChange={(v) => set('invoiceDate')(v ?? todayInIndia())} />
        </SimpleGrid>
        <DocumentTotalsTable totals={priced.totals} interState={interState} pending={t('billing.splitPending')} />
        {made.error && sent && (
          <Alert color="red" role="alert">
            {say(made.error) ?? ''}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={made.loading}>
            {t('billing.cancel')}
          </Button>
          <Button onClick={submit} loading={made.loading}>
            {t('billing.makeInvoice')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The button beside New, for someone who may make invoices and list bills. */
export default function InvoiceBills() {
  const t = useT();
  const permissions = useSession(selectPermissions);
  const mayCreate = useModulePermissions(invoiceDef, 'GENERATE_BILLS_INVOICE').create;
  const [opened, setOpened] = useState(false);
  if (!mayCreate || !mayUseModule(permissions, 'bills')) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconFileInvoice size={16} />} onClick={() => setOpened(true)}>
        {t('billing.invoiceBills')}
      </Button>
      {opened && <InvoiceBillsDialog onClose={() => setOpened(false)} />}
    </>
  );
}
