/** The stock screens' English, registered with the screens that use it (other locales carry theirs). */
import { addEnglish } from '../../../i18n';
import { stockEn } from '../../../i18n/stock/en';

addEnglish({ stock: stockEn });

type Body = Record<string, unknown>;

/** A document's lines as stored (an array of objects), or none. */
export function linesOf(value: unknown): Body[] {
  return Array.isArray(value) ? (value as Body[]) : [];
}

/** A line's part by name: the names the record came with (`partNames`), else its description, else "—" (never its id). */
export function partLabel(record: Body, line: Body): string {
  const names = (record.partNames ?? {}) as Record<string, string>;
  const id = String(line.partId ?? '');
  return names[id] ?? (typeof line.description === 'string' ? line.description : '—');
}

export const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
