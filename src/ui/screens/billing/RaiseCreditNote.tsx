/**
 * "Raise credit note" on a Final invoice (issue 14, item 3): the invoice's lines with what is left to credit on
 * each (the credit-note module's get-credit-note-items-invoice-items call), a quantity to credit per line, the
 * note's amounts live with the invoice's GST split, and what is left to credit on the whole invoice. Nothing above
 * either is sent; the server checks the same ceiling again when it saves the note (Pending Approval) and when the
 * note is approved. The calls go through the credit-note module's actor, like every other of its calls.
 */
import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '../../kit/DateInput';
import '@mantine/dates/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { documentTotals, lineAmounts } from '../../../contract/gst';
import { formatPaise } from '../../../contract/money';
import { notify } from '../../../api/notify';
import { todayInIndia } from '../../../contract/dates';
import { CREDIT_NOTE_REASONS, type InvoiceItemsToCredit } from '../../../contract/modules/billing';
import { useT } from '../../../i18n';
import { useCallSlot, useResource, useSucceeded } from '../../data/resources';
import { DocumentTotalsTable } from '../module/GstAmounts';
import { invoiceIsInterState, type InvoiceRecord } from './invoiceRecord';
import { useSay } from '../../kit/sayings';
import { useCatalogueWords } from '../module/catalogueWords';

const CALL = 'getCreditNoteItemsInvoiceItems';

/** The call's answer (its reply schema's output) and one of its lines: the line, its index, how much is still uncredited. */
type CreditableInvoice = InvoiceItemsToCredit;
type CreditableLine = CreditableInvoice['data'][number];

/** The credit line for `quantity` of an invoice line: its rate and GST, and its discount in proportion. */
export function creditLine(line: CreditableLine, quantity: number) {
  const discount = line.discountPaise ?? 0;
  return {
    invoiceLineIndex: line.invoiceLineIndex,
    description: line.description,
    hsnSac: line.hsnSac,
    quantity,
    unit: line.unit,
    ratePaise: line.ratePaise,
    discountPaise: line.quantity > 0 ? Math.round((discount * quantity) / line.quantity) : 0,
    gstRate: line.gstRate,
  };
}

/** What is left to credit on the whole invoice: its total less its credit notes that still count. */
export function leftToCredit(answer: CreditableInvoice): number {
  const credited = answer.creditNotes.reduce((sum, note) => sum + (note.grandTotalPaise ?? 0), 0);
  return Math.max((answer.invoice.grandTotalPaise ?? 0) - credited, 0);
}

export function RaiseCreditNote({ invoice, onClose }: { invoice: InvoiceRecord; onClose: () => void }) {
  const t = useT();
  const { choice: reasonWord } = useCatalogueWords();
  const say = useSay();
  const { slots, intents } = useResource('credit-note');
  const answerSlot = useCallSlot('credit-note', CALL);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<string | null>(null);
  const [date, setDate] = useState<string>(todayInIndia());
  const [remarks, setRemarks] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    // A fresh create slot, so that only this note's answer closes the dialog. Sent again once the module's actor is
    // there (the intents change with it): the first render may come before it.
    intents.reset();
    intents.call(CALL, { params: { id: invoice._id } });
  }, [invoice._id, intents]);

  const answer = answerSlot.data;
  const lines = answer?.data ?? [];
  const interState = invoiceIsInterState(invoice);
  const chosen = lines.filter((line) => (quantities[line.invoiceLineIndex] ?? 0) > 0);
  const priced = useMemo(
    () => chosen.map((line) => lineAmounts(creditLine(line, quantities[line.invoiceLineIndex]!), interState)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer, quantities, interState],
  );
  const totals = documentTotals(priced);
  const left = answer ? leftToCredit(answer) : 0;
  const tooMany = lines.filter((line) => (quantities[line.invoiceLineIndex] ?? 0) > line.remainingQuantity);
  const problems = [
    ...(chosen.length === 0 ? [t('billing.creditNone')] : []),
    ...(totals.grandTotalPaise > left ? [t('billing.creditAbove', { amount: formatPaise(totals.grandTotalPaise), left: formatPaise(left) })] : []),
  ];
  const refused = problems.length > 0 || tooMany.length > 0 || !reason;

  useSucceeded(sent, slots.create, (created) => {
    notify({ message: t('billing.creditCreated', { name: String(created.alternateId ?? '') }), color: 'green' });
    onClose();
  });

  const submit = () => {
    setAttempted(true);
    if (refused) return;
    setSent(true);
    intents.create({
      invoiceId: invoice._id,
      creditNoteDate: date,
      reason,
      ...(remarks.trim() ? { remarks: remarks.trim() } : {}),
      items: chosen.map((line) => creditLine(line, quantities[line.invoiceLineIndex]!)),
    });
  };

  const invoiceName = String(invoice.alternateId ?? invoice._id);
  return (
    <Modal opened onClose={onClose} title={t('billing.creditTitle', { invoice: invoiceName })} size="lg">
      <Stack gap="sm">
        {answerSlot.loading && <Text size="sm">{t('billing.loading')}</Text>}
        {answerSlot.error && (
          <Alert color="red" role="alert">
            {t('billing.failed', { reason: say(answerSlot.error) ?? '' })}
          </Alert>
        )}
        {answer && (
          <>
            <Text fw={600} data-testid="credit-left">
              {t('billing.creditLeft', { amount: formatPaise(left) })}
            </Text>
            {lines.map((line) => {
              const over = tooMany.includes(line);
              return (
                <Paper key={line.invoiceLineIndex} withBorder radius="sm" p="xs" data-testid="credit-line">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <div style={{ flex: '1 1 220px' }}>
                      <Text size="sm" fw={500}>
                        {line.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.hsnSac} · {formatPaise(line.ratePaise)} · {line.gstRate} % ·{' '}
                        {line.remainingQuantity > 0 ? t('billing.remaining', { left: line.remainingQuantity, total: line.quantity }) : t('billing.nothingLeft')}
                      </Text>
                    </div>
                    <NumberInput
                      w={160}
                      label={t('billing.creditQuantity')}
                      aria-label={`${t('billing.creditQuantity')}: ${line.description ?? line.invoiceLineIndex + 1}`}
                      min={0}
                      max={line.remainingQuantity}
                      decimalScale={3}
                      disabled={line.remainingQuantity <= 0}
                      value={quantities[line.invoiceLineIndex] ?? ''}
                      onChange={(value) => setQuantities((current) => ({ ...current, [line.invoiceLineIndex]: typeof value === 'number' ? value : Number(value) || 0 }))}
                      error={over ? t('billing.creditTooMany', { left: line.remainingQuantity }) : undefined}
                    />
                  </Group>
                </Paper>
              );
            })}
            <Group grow align="flex-start" wrap="wrap">
              <Select label={t('billing.reason')} withAsterisk data={CREDIT_NOTE_REASONS.map((value) => ({ value, label: reasonWord(value) }))} value={reason} onChange={setReason}
                error={attempted && !reason ? t('billing.reasonRequired') : undefined} />
              <DateInput label={t('billing.creditDate')} withAsterisk valueFormat="DD/MM/YYYY" value={date} onChange={(v) => setDate(v ?? todayInIndia())} />
            </Group>
            <Textarea label={t('billing.remarks')} autosize minRows={2} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />
            <DocumentTotalsTable totals={totals} interState={interState} />
            {attempted && problems.map((problem) => (
              <Alert key={problem} color="red" role="alert">
                {problem}
              </Alert>
            ))}
            {slots.create.error && sent && (
              <Alert color="red" role="alert">
                {say(slots.create.error) ?? ''}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={slots.create.loading}>
            {t('billing.cancel')}
          </Button>
          <Button onClick={submit} loading={slots.create.loading} disabled={!answer}>
            {t('billing.creditSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
