/**
 * Detail view of one record: every field of the schema with its text, fetched fresh by id (the module's
 * get-by-id slot) while the cached row shows at once. Edit and delete are offered when permitted (for a record with
 * a lifecycle: where its machine allows them for this person, issue 28), and
 * "Download PDF" for modules whose catalogue has a generatePdf call. A record with a lifecycle shows its status,
 * the steps the person may take and its history first (LifecyclePanel).
 */
import { Button, Drawer, Group, Loader, Stack, Text, Divider } from '@mantine/core';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ModuleDef } from '../../../contract/modules';
import { useT } from '../../../i18n';
import { useRecordById, useRecordWorkflow, type RecordWorkflowView } from '../../data/resources';
import type { FieldSpec } from './fieldModel';
import { cellView, recordTitle, type ReferenceNames, type Row } from './listView';
import { lifecycleOf } from '../../../machines/lifecycles/index';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { recordOffers } from '../../../machines/recordOffers';
import { useLifecycleCaller } from '../../data/lifecycleCaller';
import { LifecyclePanel } from './LifecyclePanel';
import { EntriesTable, entryText, isBlankValue, rejectionReasonField } from './RecordEntries';
import '../sales/salesWords';
import { hasPdfCall, PdfDownloadButton } from './PdfDownloadButton';

/**
 * A module whose record is read as a document, not a list of fields, shows its own summary above the fields (an
 * invoice: lines, GST, what is owed, its e-invoice, "Raise credit note"). Loaded with the record view that shows it.
 */
const SUMMARIES: Partial<Record<string, LazyExoticComponent<ComponentType<{ record: Row; workflow?: RecordWorkflowView }>>>> = {
  invoice: lazy(() => import('../billing/InvoiceSummary')),
  // A preventive plan: its next five occurrences and the tickets it raised.
  'preventive-maintenance': lazy(() => import('../maintenance/PlanSchedule')),
  // Issue 32: lines by part name with quantities and ₹, a purchase order's deliveries and receipts, a part's ledger.
  'purchase-order': lazy(() => import('../parts/PurchaseOrderSummary')),
  'purchase-order-requisition': lazy(() => import('../parts/DocumentLinesSummary').then((m) => ({ default: m.RequisitionSummary }))),
  'request-spare': lazy(() => import('../parts/DocumentLinesSummary').then((m) => ({ default: m.SpareRequestSummary }))),
  'spare-part-inventory': lazy(() => import('../parts/PartLedgerSummary')),
};

/** Fields a module's summary already shows (an invoice's e-invoice and e-mail log), left out of the fields below it. */
const SUMMARY_FIELDS: Partial<Record<string, readonly string[]>> = { invoice: ['eInvoice', 'emailLog'], 'purchase-order-requisition': ['purchaseOrderIds'] };

export interface RecordDrawerProps {
  def: ModuleDef;
  fields: readonly FieldSpec[];
  row: Row | null;
  names: ReferenceNames;
  onClose: () => void;
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
}

function RecordDetails({ def, fields, row, names, latest, workflow }: { def: ModuleDef; fields: readonly FieldSpec[]; row: Row; names: ReferenceNames; latest?: Row | null; workflow?: RecordWorkflowView }) {
  const t = useT();
  const { record, loading } = useRecordById(def, row._id);
  // The fetched record wins once it arrives; the cached row shows meanwhile (and if the fetch fails). A record
  // with a lifecycle follows its workflow: the reply of the last step is newer than the fetch.
  const fetched: Row = record && record._id === row._id ? { ...row, ...record } : row;
  const shown: Row = latest && latest._id === row._id ? { ...fetched, ...latest } : fetched;
  const timeZone = useSession(selectTimezone);
  const Summary = SUMMARIES[def.name];
  // A summary shows the document's lines (and what else it names) itself; the fields list would only say "—" for them.
  // A step's stamp not taken yet (who approved a note that was rejected) says nothing true: left out (issue 33).
  const visible = fields.filter(
    (f) => !f.writeOnly && !(Summary && (def.lines?.[f.name] || SUMMARY_FIELDS[def.name]?.includes(f.name))) && !(f.stepped && isBlankValue(shown[f.name])),
  );
  const reasonField = rejectionReasonField(def, shown);
  return (
    <Stack gap="xs">
      {Summary && (
        <Suspense fallback={<Loader size="xs" />}>
          <Summary record={shown} workflow={workflow} />
        </Suspense>
      )}
      {loading && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('app.loading')}
          </Text>
        </Group>
      )}
      <dl style={{ margin: 0 }}>
        {visible.map((f) => {
          // A lifecycle record comes with the names of what it refers to (the server's `names`, field → name): they name
          // a reference the lists this screen reads do not carry (a plan's machine, a payment's invoice). One named by
          // neither shows UNNAMED, with its id in the tooltip.
          const value = shown[f.name];
          const label = f.name === reasonField ? t('sales.rejectionReason') : f.label;
          // A document's lines, and any list of entries (an e-mail log, a stage history), read as a table of their fields.
          if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
            return (
              <div key={f.name} style={{ marginBottom: 12 }}>
                <Text component="dt" size="sm" c="dimmed" fw={600}>
                  {label}
                </Text>
                <Text component="dd" m={0}>
                  <EntriesTable label={label} field={f} entries={value as Array<Record<string, unknown>>} timeZone={timeZone} />
                </Text>
              </div>
            );
          }
          const cell = value && typeof value === 'object' && !Array.isArray(value) && !f.reference ? { text: entryText(value as Record<string, unknown>, timeZone) } : cellView(shown, f.name, f, names, { yesNo: [t('list.yes'), t('list.no')], timeZone });
          return (
            <div key={f.name} style={{ marginBottom: 12 }}>
              <Text component="dt" size="sm" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} style={{ wordBreak: 'break-word' }} title={cell.ids}>
                {cell.text || '—'}
              </Text>
            </div>
          );
        })}
        {typeof shown.alternateId === 'string' && (
          <div>
            <Text component="dt" size="sm" c="dimmed" fw={600}>
              {t('list.number')}
            </Text>
            <Text component="dd" m={0}>
              {shown.alternateId}
            </Text>
          </div>
        )}
      </dl>
    </Stack>
  );
}

type Actions = Pick<RecordDrawerProps, 'onEdit' | 'onDelete'>;

/** A record with a lifecycle: its workflow (opened while the view is), its steps and history, then its fields. */
function LifecycleRecord({ def, fields, row, names, onEdit, onDelete }: { def: ModuleDef; fields: readonly FieldSpec[]; row: Row; names: ReferenceNames } & Actions) {
  const workflow = useRecordWorkflow(def, row._id);
  // Edit and Delete follow the server's answer for the record as read (its allowedEvents), the row's until then.
  const read = workflow.record && workflow.record._id === row._id ? ({ ...row, ...workflow.record } as Row) : null;
  return (
    <>
      <LifecyclePanel def={def} id={row._id} workflow={workflow} />
      <Divider />
      <RecordDetails def={def} fields={fields} row={row} names={names} latest={workflow.record as Row | null} workflow={workflow} />
      <Divider />
      <RecordActions def={def} record={read ?? row} read={read !== null} onEdit={onEdit} onDelete={onDelete} />
    </>
  );
}

/**
 * Download, Delete and Edit under the record: Edit and Delete only where the person may (their privileges, given as
 * the handlers, and for a lifecycle record its machine: src/machines/recordOffers.ts). They act on the record as read.
 */
function RecordActions({ def, record, read, onEdit, onDelete }: { def: ModuleDef; record: Row; read: boolean } & Actions) {
  const t = useT();
  const caller = useLifecycleCaller();
  const offers = recordOffers(def, record, caller, { update: Boolean(onEdit), remove: Boolean(onDelete) }, read);
  return (
    <Group justify="flex-end">
      {hasPdfCall(def) && <PdfDownloadButton def={def} row={record} />}
      {offers.delete && onDelete && (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(record)}>
          {t('list.delete')}
        </Button>
      )}
      {offers.edit && onEdit && (
        <Button leftSection={<IconEdit size={16} />} onClick={() => onEdit(record)}>
          {t('list.edit')}
        </Button>
      )}
    </Group>
  );
}

export function RecordDrawer({ def, fields, row, names, onClose, onEdit, onDelete }: RecordDrawerProps) {
  const t = useT();
  const timeZone = useSession(selectTimezone);
  const fieldMap = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  // A record without a name of its own (a stock transaction) is titled by what its list row says of it, not its id.
  const title = row ? recordTitle(row, def.columns ?? [], fieldMap, names, { yesNo: [t('list.yes'), t('list.no')], timeZone }, t('list.details')) : t('list.details');
  return (
    // A document's summary (an invoice's lines) needs the room of a wider drawer.
    <Drawer opened={row !== null} onClose={onClose} position="right" size={SUMMARIES[def.name] ? 'xl' : 'md'} title={title}>
      {row && (
        <Stack>
          {lifecycleOf(def.name) ? (
            <LifecycleRecord def={def} fields={fields} row={row} names={names} onEdit={onEdit} onDelete={onDelete} />
          ) : (
            <>
              <RecordDetails def={def} fields={fields} row={row} names={names} />
              <Divider />
              <RecordActions def={def} record={row} read={false} onEdit={onEdit} onDelete={onDelete} />
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
