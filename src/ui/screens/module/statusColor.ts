/**
 * The colour of a status badge, from the status's words (the catalogue's values differ by module, their
 * meaning does not): done and good green, refused or ended red, waiting on someone yellow, in progress blue,
 * not started gray.
 */
const RULES: ReadonlyArray<[pattern: RegExp, color: string]> = [
  // Still owed, before "paid" below reads it as settled.
  [/unpaid|partially paid/i, 'yellow'],
  [/reject|lost|cancel|terminat|fail|overdue|expired|breach/i, 'red'],
  [/approv|won|deal|paid|active|closed|resolved|complete|received|issued|accepted|sent to purchase|final/i, 'green'],
  [/pending|submitted|waiting|review|hold|partly|partial|requested|acknowledg/i, 'yellow'],
  [/progress|assigned|open|sent|view|scheduled|due/i, 'blue'],
];

export function statusColor(status: string): string {
  for (const [pattern, color] of RULES) if (pattern.test(status)) return color;
  return 'gray';
}

/** A priority's colour: the more urgent, the hotter. */
const PRIORITY_RULES: ReadonlyArray<[pattern: RegExp, color: string]> = [
  [/critical|urgent|emergency/i, 'red'],
  [/high/i, 'orange'],
  [/medium|normal/i, 'yellow'],
  [/low/i, 'gray'],
];

export function priorityColor(priority: string): string {
  return PRIORITY_RULES.find(([pattern]) => pattern.test(priority))?.[1] ?? 'gray';
}

/**
 * The badge colour of a list cell, or undefined for a cell shown as text: a status field (`status`, `…Status`)
 * or a priority field (`priority`, `…Priority`) shows its value as a coloured badge (issue 12, item 8).
 */
export function cellBadgeColor(field: string, text: string): string | undefined {
  if (!text || text === '—') return undefined;
  if (/(^s|S)tatus$/.test(field)) return statusColor(text);
  if (/(^p|P)riority$/.test(field)) return priorityColor(text);
  return undefined;
}
