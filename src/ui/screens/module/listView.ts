/**
 * What the list screen shows of a cached list: cell texts, the search over every shown column, the
 * filters on enum/boolean columns and the sort by a clicked column. Pure functions over the records the
 * module's actor holds, so 50 000 rows are handled once per change of the query, not per render.
 */
import { formatPaise } from '../../../api/money';
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

import { recordName } from '../../../api/words';

export { recordName };

/** DD/MM/YYYY HH:mm in the browser's zone (IST for the product's people). */
function formatDateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${formatDate(value)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function formatDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${d.getFullYear()}`; // DD/MM/YYYY, spec document 1 §9
}

/** The text of one cell: references by name, lists joined, booleans as Yes/No, dates as DD/MM/YYYY. */
export function cellText(row: Record<string, unknown>, column: string, field: FieldSpec | undefined, names: ReferenceNames, yesNo: [string, string] = ['Yes', 'No']): string {
  const value = row[column];
  if (value === undefined || value === null || value === '') return '';
  const refNames = field?.reference ? names[field.reference] : undefined;
  const one = (v: unknown): string => {
    if (v && typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      if (typeof obj._id === 'string' && refNames?.has(obj._id)) return refNames.get(obj._id) ?? '';
      if ('feature' in obj) return String(obj.feature);
      return recordName(obj);
    }
    if (typeof v === 'string' && refNames) return refNames.get(v) ?? v;
    return String(v);
  };
  if (Array.isArray(value)) return value.map(one).join(', ');
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (field?.kind === 'date' && typeof value === 'string') return formatDate(value);
  if (field?.kind === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (field?.kind === 'money' && typeof value === 'number') return formatPaise(value);
  return one(value);
}

/**
 * `text(row, column)` remembered per record and column, so a row is formatted once however often it
 * scrolls in and out of view. The memory lives as long as the returned function: new inputs (names,
 * language, a screen's formatter) make a new function and so a fresh memory; records are keys of a
 * WeakMap, so a list reloaded with new records lets the old texts go.
 */
export function rememberTexts(text: (row: Row, column: string) => string): (row: Row, column: string) => string {
  const memory = new WeakMap<Row, Map<string, string>>();
  return (row, column) => {
    let texts = memory.get(row);
    if (!texts) {
      texts = new Map();
      memory.set(row, texts);
    }
    let value = texts.get(column);
    if (value === undefined) {
      value = text(row, column);
      texts.set(column, value);
    }
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

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV of the shown rows and columns, with a header line of the column labels. */
export function toCsv(rows: readonly Row[], columns: readonly string[], labels: readonly string[], fields: ReadonlyMap<string, FieldSpec>, names: ReferenceNames): string {
  const lines = [labels.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(cellText(row, c, fields.get(c), names))).join(','));
  return lines.join('\r\n') + '\r\n';
}
