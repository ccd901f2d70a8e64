/**
 * What a record view shows of a field holding entries (issue 33): a document's lines, an e-mail log, a stage history,
 * as a table of their fields with words for headings and ₹ for amounts, never "Items: ," or an object's raw text.
 */
import { Table } from '@mantine/core';
import { formatPaise, isPaiseField } from '../../../contract/money';
import { humanize } from '../../../contract/words';
import { formatDateTime } from '../../../contract/zonedTime';
import { lifecycleOf } from '../../../machines/lifecycles/index';
import { dayText } from '../../kit/dateText';
import type { ModuleDef } from '../../../contract/modules';
import type { FieldSpec } from './fieldModel';

type Entry = Record<string, unknown>;

export function isBlankValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of an entry as a person reads it: amounts in ₹, days and times on the subscriber's clock. */
function valueText(key: string, value: unknown, timeZone: string): string {
  if (isBlankValue(value)) return '';
  if (typeof value === 'number') return isPaiseField(key) ? formatPaise(value) : String(value);
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'string') {
    if (ISO_TIME.test(value)) return formatDateTime(value, timeZone);
    if (ISO_DAY.test(value)) return dayText(value);
    return value;
  }
  return '';
}

/** An object as "Label: value · Label: value" (an e-invoice's IRN and acknowledgement). */
export function entryText(entry: Entry, timeZone: string): string {
  return Object.entries(entry)
    .filter(([key, value]) => key !== '_id' && !isBlankValue(value) && typeof value !== 'object')
    .map(([key, value]) => `${humanize(key)}: ${valueText(key, value, timeZone)}`)
    .join(' · ');
}

/** The columns of an entries table: a document's typed cells and its line total, else every key the entries hold. */
function columnsOf(field: FieldSpec, entries: readonly Entry[]): Array<{ key: string; label: string }> {
  if (field.columns?.length) {
    // A credit note's line says which invoice line it credits by its own description: the index means nothing to read.
    const typed = field.columns.filter((c) => c.kind !== 'reference' && c.name !== 'invoiceLineIndex').map((c) => ({ key: c.name, label: c.label }));
    const total = entries.some((e) => typeof e.totalPaise === 'number') ? [{ key: 'totalPaise', label: humanize('total') }] : [];
    return [...typed, ...total];
  }
  const keys = [...new Set(entries.flatMap((e) => Object.keys(e)))].filter((k) => k !== '_id' && k !== 'noteId' && entries.some((e) => !isBlankValue(e[k]) && typeof e[k] !== 'object'));
  return keys.map((key) => ({ key, label: humanize(key.replace(/Paise$/, '')) }));
}

export function EntriesTable({ label, field, entries, timeZone }: { label: string; field: FieldSpec; entries: readonly Entry[]; timeZone: string }) {
  const columns = columnsOf(field, entries);
  const numeric = (key: string) => entries.some((e) => typeof e[key] === 'number');
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table fz="sm" verticalSpacing={4} aria-label={label} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c.key) ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={typeof entry._id === 'string' ? entry._id : index}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={numeric(c.key) ? 'right' : undefined}>
                  {valueText(c.key, entry[c.key], timeZone)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * On a rejected record, the field its reject step asks for or keeps (a credit note's approval remarks, a payment's
 * remarks): that is the reason it was rejected, and the view calls it so.
 */
export function rejectionReasonField(def: Pick<ModuleDef, 'name'>, record: Entry): string | undefined {
  const lifecycle = lifecycleOf(def.name);
  if (!lifecycle || record[lifecycle.statusField] !== 'Rejected') return undefined;
  const reject = lifecycle.events.reject;
  if (!reject) return undefined;
  return Object.keys(reject.requires ?? {})[0] ?? reject.keeps?.[0];
}
