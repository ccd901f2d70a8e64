/** Figures beside their budgets: small statistics and the printed table. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export function max(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

export type Unit = 'ms' | 'µs' | 'MB' | 'KB' | 'count' | 'ratio';

export interface Line {
  figure: string;
  /** undefined: not measured (the step before it failed or timed out). */
  value: number | undefined;
  unit: Unit;
  /** Upper bound; undefined for a figure shown for information only. */
  budget?: number;
}

const MB = 1024 * 1024;
export const toMB = (bytes: number): number => bytes / MB;

function show(value: number | undefined, unit: Unit): string {
  if (value === undefined || Number.isNaN(value)) return 'not measured';
  if (unit === 'ms') return `${value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;
  if (unit === 'MB') return `${Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1)} MB`;
  if (unit === 'KB') return `${Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1)} KB`;
  if (unit === 'ratio') return `${value.toFixed(2)}×`;
  if (unit === 'µs') return `${value.toFixed(2)} µs`;
  return Math.round(value).toLocaleString('en-US');
}

export function verdict(line: Line): 'PASS' | 'OVER' | 'info' {
  if (line.budget === undefined) return 'info';
  if (line.value === undefined || Number.isNaN(line.value)) return 'OVER';
  return line.value <= line.budget ? 'PASS' : 'OVER';
}

export function table(title: string, lines: readonly Line[]): string {
  const rows = lines.map((line) => [line.figure, show(line.value, line.unit), line.budget === undefined ? '—' : `≤ ${show(line.budget, line.unit)}`, verdict(line)]);
  const head = ['figure', 'measured', 'budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const format = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [title, format(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}
