/**
 * What the list screen shows of a cached list: cell texts, the search over every shown column, the
 * filters on enum/boolean columns and the sort by a clicked column. Pure functions over the records the
 * module's actor holds, so 50 000 rows are handled once per change of the query, not per render.
 */
import { formatPaise } from '../../../contract/money';
import { csvCell } from '../../../contract/csv';
import type { FieldSpec } from './fieldModel';

export type Row = Record<string, unknown> & { _id: string };
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  column: string;
  direction: SortDirection;
}
export interface ListQuery {
  search: string;
  filters: Record<string, string>;
  sort: Sort | null;
}

/** id → display name of a referenced module's records. */
export type ReferenceNames = Record<string, ReadonlyMap<string, string>>;

export const EMPTY_QUERY: ListQuery = { search: '', filters: {}, sort: null };

import { recordName } from '../../../contract/words';
import { dateTimeText, dayText } from '../../kit/dateText';

export { recordName };

/**
 * What a reference cell shows for a record it has no name for: the person may not list the referenced module (an
 * engineer and the tenant's people, a purchase manager and the suppliers), which is not asked for then (a 403 signs
 * them out), or the record is gone. Never its storage id: that means nothing to a person.
 */
export const UNNAMED = '—';

/** A record's storage id (server/db/ids.ts: 24 hex characters). */
const STORAGE_ID = /^[0-9a-f]{24}$/;

/** An instant as the server stores it (`2026-11-24T10:15:23+05:30`, `…Z`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** One cell: its text, and the ids behind any UNNAMED in it (for a tooltip, so someone can still quote them). */
export interface CellView {
  text: string;
  ids?: string;
}

/** The name the server sent with the record for a reference field (its `names`, field → name), if any. */
/** The name the record carries for a reference (`names[column]`), or for element `index` of a list of them (`names["column.index"]`). */
function carriedName(row: Record<string, unknown>, column: string, index?: number): string | undefined {
  const names = row.names;
  const key = index === undefined ? column : `${column}.${index}`;
  const name = names && typeof names === 'object' ? (names as Record<string, unknown>)[key] : undefined;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

/** How a screen writes cells: its words for yes and no, and the subscriber's time zone for date-times. */
export interface CellFormat {
  yesNo?: [string, string];
  timeZone?: string | null;
}

/**
 * One cell: references by name (from the referenced module's list, else the name the record carries, else UNNAMED),
 * lists joined, booleans as Yes/No, dates as DD/MM/YYYY, date-times as DD/MM/YYYY HH:mm in the time zone given.
 */
export function cellView(row: Record<string, unknown>, column: string, field: FieldSpec | undefined, names: ReferenceNames, format: CellFormat = {}): CellView {
  const yesNo = format.yesNo ?? ['Yes', 'No'];
  const value = row[column];
  if (value === undefined || value === null || value === '') return { text: '' };
  const reference = field?.reference;
  const refNames = reference ? names[reference] : undefined;
  const unnamed: string[] = [];
  const nameless = (id: string) => {
    unnamed.push(id);
    return UNNAMED;
  };
  const one = (v: unknown, index?: number): string => {
    if (v && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      if (typeof obj._id === 'string' && refNames?.has(obj._id)) return refNames.get(obj._id) ?? '';
      if ('feature' in obj) return String(obj.feature);
      const name = recordName(obj);
      // A referenced record with nothing but its id is as good as its bare id.
      return reference && typeof obj._id === 'string' && name === obj._id ? nameless(obj._id) : name;
    }
    if (typeof v === 'string' && reference) return refNames?.get(v) ?? (v === value ? carriedName(row, column) : index !== undefined ? carriedName(row, column, index) : undefined) ?? nameless(v);
    return String(v);
  };
  const textOf = (): string => {
    if (Array.isArray(value)) return value.map((v, i) => one(v, i)).join(', ');
    if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
    if (field?.kind === 'date' && typeof value === 'string') return dayText(value);
    if (field?.kind === 'datetime' && typeof value === 'string') return dateTimeText(value, format.timeZone);
    if (field?.kind === 'money' && typeof value === 'number') return formatPaise(field.rupees ? Math.round(value * 100) : value);
    if (typeof value === 'string' && field?.choiceLabels?.[value] !== undefined) return field.choiceLabels[value];
    // A field that holds another record's id without naming the module (a subscription request's subscriber, the
    // accepted terms' text) has no name here: UNNAMED, its id in the tooltip, as for any reference without one.
    if (typeof value === 'string' && !reference && STORAGE_ID.test(value)) return nameless(value);
    // A stamp the schema types as plain text (a spare-part request's "status changed at") is still a time to read.
    if (typeof value === 'string' && !reference && ISO_INSTANT.test(value)) return dateTimeText(value, format.timeZone);
    return one(value);
  };
  const text = textOf();
  return unnamed.length > 0 ? { text, ids: unnamed.join(', ') } : { text };
}

/**
 * What a record view is titled: the record's name (`recordName`), or for a record that has none (a stock
 * transaction, a machine's part, a proposal's activity) the texts of its first list columns ("29/09/2026 · Clamp
 * cylinder seal kit 150 T · Adjustment"), never its storage id (issue 39). `fallback` when even those are blank.
 */
export function recordTitle(row: Row, columns: readonly string[], fields: ReadonlyMap<string, FieldSpec>, names: ReferenceNames, format: CellFormat, fallback: string): string {
  const name = recordName(row);
  if (name && name !== row._id) return name;
  const texts = columns
    .filter((c) => typeof row[c] !== 'boolean')
    .map((c) => cellText(row, c, fields.get(c), names, format))
    .filter((text) => text && text !== UNNAMED)
    .slice(0, 3);
  return texts.length > 0 ? texts.join(' · ') : fallback;
}

/** The text of one cell (search, sort, CSV): see `cellView`. */
export function cellText(row: Record<string, unknown>, column: string, field: FieldSpec | undefined, names: ReferenceNames, format: CellFormat = {}): string {
  return cellView(row, column, field, names, format).text;
}

/**
 * `text(row, column)` remembered per record and column, so a row is formatted once however often it
 * scrolls in and out of view. The memory lives as long as the returned function: new inputs (names,
 * language, a screen's formatter) make a new function and so a fresh memory; records are keys of a
 * WeakMap, so a list reloaded with new records lets the old texts go.
 */
export function rememberTexts<T = string>(text: (row: Row, column: string) => T): (row: Row, column: string) => T {
  const memory = new WeakMap<Row, Map<string, T>>();
  return (row, column) => {
    let texts = memory.get(row);
    if (!texts) {
      texts = new Map();
      memory.set(row, texts);
    }
    if (texts.has(column)) return texts.get(column) as T;
    const value = text(row, column);
    texts.set(column, value);
    return value;
  };
}

function compare(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
}

/**
 * The rows to show, in order. Texts are computed once per row and column (not per comparison), which
 * keeps a sort of 50 000 rows to a few tens of milliseconds.
 */
export function applyQuery(rows: readonly Row[], columns: readonly string[], fields: ReadonlyMap<string, FieldSpec>, names: ReferenceNames, query: ListQuery): Row[] {
  const needle = query.search.trim().toLowerCase();
  const filters = Object.entries(query.filters).filter(([, v]) => v !== '');
  const texts = (row: Row) => columns.map((c) => cellText(row, c, fields.get(c), names));
  let indexed = rows.map((row) => ({ row, texts: needle || query.sort ? texts(row) : [] }));
  if (filters.length) {
    indexed = indexed.filter(({ row }) => filters.every(([column, value]) => String(row[column] ?? '') === value));
  }
  if (needle) {
    indexed = indexed.filter(({ texts: t }) => t.some((text) => text.toLowerCase().includes(needle)));
  }
  if (query.sort) {
    const i = columns.indexOf(query.sort.column);
    const sign = query.sort.direction === 'asc' ? 1 : -1;
    if (i >= 0) indexed = [...indexed].sort((a, b) => sign * compare(a.texts[i], b.texts[i]));
  }
  return indexed.map(({ row }) => row);
}

/** Next sort after a click on a column header: ascending, then descending, then none. */
export function nextSort(current: Sort | null, column: string): Sort | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}

/** RFC 4180 CSV of the shown rows and columns, with a header line of the column labels; formulas neutralised (`csvCell`). */
export function toCsv(rows: readonly Row[], columns: readonly string[], labels: readonly string[], fields: ReadonlyMap<string, FieldSpec>, names: ReferenceNames): string {
  const lines = [labels.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(cellText(row, c, fields.get(c), names))).join(','));
  return lines.join('\r\n') + '\r\n';
}
