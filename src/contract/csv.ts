/**
 * One CSV cell, safe to open in a spreadsheet (RFC 4180 quoting plus OWASP's rule against CSV injection).
 *
 * A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` as a formula, and one that starts with a tab or
 * a carriage return may be read the same way once the whitespace is dropped: `=HYPERLINK("http://…","Click")` typed
 * into a ticket's title by anyone would become a live link in the exporter's spreadsheet. Such a cell is written
 * with a leading apostrophe (shown as text, the apostrophe hidden by Excel and LibreOffice) and quoted. A plain
 * number (`-5`, `-12.50`) is no formula and stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: string | number): string {
  const text = String(value);
  const neutral = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(neutral) || neutral !== text ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}
