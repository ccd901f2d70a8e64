/**
 * Chart helpers shared by the dashboards: one colour per known status (the same status keeps its colour
 * on every dashboard), a palette for the rest, and counts written out as the figures under a chart.
 */
import type { Figure } from './DashboardCards';
import type { Count } from './dashboardData';
import type { KeyWords } from './dashboardWords';
import { formatCount } from './format';

const KNOWN: Record<string, string> = {
  Open: 'blue.6',
  Assigned: 'cyan.6',
  'In Progress': 'indigo.6',
  'On Hold': 'yellow.6',
  Resolved: 'teal.6',
  Closed: 'green.7',
  Cancelled: 'gray.5',
  Running: 'green.6',
  Idle: 'gray.5',
  'Under Maintenance': 'yellow.6',
  Breakdown: 'red.6',
  Decommissioned: 'dark.3',
  'In Stock': 'blue.4',
  Low: 'gray.5',
  Medium: 'blue.6',
  High: 'orange.6',
  Urgent: 'red.6',
  Won: 'green.6',
  Deal: 'teal.6',
  Lost: 'red.5',
  Draft: 'gray.5',
  Info: 'blue.5',
  Warning: 'yellow.6',
  Critical: 'red.6',
};

const PALETTE = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6'];

export function colorOf(key: string, index = 0): string {
  return KNOWN[key] ?? PALETTE[index % PALETTE.length] ?? 'blue.6';
}

/** 'teal.6' → the CSS variable Mantine defines for it, for swatches drawn outside a chart. */
export function cssColor(color: string): string {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`;
}

/**
 * Donut segments of the non-zero counts (a zero segment draws nothing but clutters the tooltip), named as `word`
 * words their keys (the tooltip shows the name). Colours follow the stored key and the position in the full list,
 * so the figures written under the donut carry the same ones.
 */
export function donutData(counts: readonly Count[], word: KeyWords): Array<{ name: string; value: number; color: string }> {
  return counts.map((c, i) => ({ name: word(c.key), value: c.count, color: colorOf(c.key, i) })).filter((segment) => segment.value > 0);
}

/** A bar chart's rows: each key as `word` words it (the axis and the tooltip show it) under `dataKey`, its count under `series`. */
export function barData(counts: readonly Count[], word: KeyWords, dataKey: string, series: string): Array<Record<string, string | number>> {
  return counts.map((c) => ({ [dataKey]: word(c.key), [series]: c.count }));
}

/**
 * Counts written out under a chart, each key as `word` words it; `hrefOf` links a figure to its list (by the stored
 * key), `swatches` adds each segment's colour (for donuts, whose labels are not drawn).
 */
export function figuresOf(counts: readonly Count[], word: KeyWords, { hrefOf, swatches = false }: { hrefOf?: (key: string) => string | undefined; swatches?: boolean } = {}): Figure[] {
  return counts.map((c, i) => ({ label: word(c.key), value: formatCount(c.count), href: hrefOf?.(c.key), ...(swatches ? { color: cssColor(colorOf(c.key, i)) } : {}) }));
}

/** A record of counts (the spec's KPI answers) in a known order, unknown keys after. */
export function countsOf(record: Readonly<Record<string, number>>, order: readonly string[] = []): Count[] {
  const keys = [...order.filter((k) => k in record), ...Object.keys(record).filter((k) => !order.includes(k))];
  return keys.map((key) => ({ key, count: record[key] ?? 0 }));
}
