/**
 * A table that renders only the rows in view (plus a few ahead) inside a body as tall as the whole list,
 * its top padding standing in for the rows above, so a list of 100 000 records scrolls as smoothly as one
 * of 50. Rows have a fixed height; the header stays in place. Sorting is the caller's: a header click reports the
 * column. An ARIA table (table, rowgroup, row, columnheader, cell, aria-rowindex, aria-sort).
 *
 * A scroll frame does only what changed (found with `npm run bench -- --profile`, issue 4):
 * - the state is the first row in view, not the scroll offset: scrolling within a row renders nothing;
 * - rows are memoised plain elements (VirtualTableRow) and the header is memoised: a row that stays in
 *   view is not rendered again, and the header only when the sort changes;
 * - the new window is committed inside the scroll event (flushSync), before the frame's style and
 *   layout. Left to React's scheduling, a scroll update rendered after the frame was painted: the frame
 *   showed the old rows, and the next scroll event's read of scrollTop forced that layout synchronously;
 * - extra rows are rendered ahead in the direction of the scroll only, and none after a jump (a
 *   scrollbar drag): a jump replaces the whole window, and rows around it would be thrown away unseen;
 * - after a jump, rows are keyed by their place in the window rather than by record: every record in
 *   view is new, and React writes them into the rows already on the page (texts, labels, offset)
 *   instead of removing one window of elements and creating the next;
 * - layout and paint are contained per row and per scroller (VirtualTable.module.css).
 * Callers keep `rows`, `columns`, `renderCell`, `renderActions` and `onRowClick` stable (memoised) so the
 * memoised rows hold across renders of the screen too.
 */
import { UnstyledButton, Group, Text } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { memo, useState, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { flushSync } from 'react-dom';
import classes from './VirtualTable.module.css';
import { CARD_HEIGHT, columnStyle, VirtualTableCard, VirtualTableRow, type VirtualColumn } from './VirtualTableRow';
import { scrollDirection, visibleRange, type ScrollDirection } from './virtualRange';

export type { VirtualColumn };

type SortState = { column: string; direction: 'asc' | 'desc' } | null;
type SortLabels = { asc: string; desc: string };

export interface VirtualTableProps<R> {
  rows: readonly R[];
  columns: readonly VirtualColumn[];
  rowKey: (row: R) => string;
  /** A cell's content; called when its row comes into view, not on every frame. */
  renderCell: (row: R, column: VirtualColumn) => ReactNode;
  /** Extra last cell per row (actions). */
  renderActions?: (row: R) => ReactNode;
  actionsLabel?: string;
  /** The actions cell's width in px, when rows carry more than the view / edit / delete buttons. */
  actionsWidth?: number;
  sort?: SortState;
  onSort?: (column: string) => void;
  onRowClick?: (row: R) => void;
  rowHeight?: number;
  /** Height of the scrolling area in px (header included). */
  height?: number;
  /** Rows rendered ahead of the view in the direction of the scroll. */
  overscan?: number;
  sortLabels?: SortLabels;
  /**
   * 'cards' on a phone: each record a card of its first columns with its actions, no header and no sideways
   * scroll (sorting stays with the screen's filters). Still virtual: every card is as tall as the others.
   */
  layout?: 'table' | 'cards';
  'aria-label'?: string;
}

export const DEFAULT_ROW_HEIGHT = 44;
const MIN_COLUMN_WIDTH = 140;
const ACTIONS_WIDTH = 132;
const DEFAULT_SORT_LABELS: SortLabels = { asc: 'Sorted ascending', desc: 'Sorted descending' };
/**
 * The window is committed in the frame of its scroll event, so rows ahead only cover what the browser's
 * compositor may scroll into view before the main thread answers: a few.
 */
const DEFAULT_OVERSCAN = 4;

interface HeaderProps {
  columns: readonly VirtualColumn[];
  sort?: SortState;
  onSort?: (column: string) => void;
  sortLabels: SortLabels;
  actionsLabel: string;
  withActions: boolean;
}

const VirtualTableHeader = memo(function VirtualTableHeader({ columns, sort, onSort, sortLabels, actionsLabel, withActions }: HeaderProps) {
  return (
    <div role="rowgroup" className={classes.head}>
      <div role="row" aria-rowindex={1} className={classes.headRow}>
        {columns.map((column) => {
          const active = sort?.column === column.key ? sort.direction : null;
          const Icon = active === 'asc' ? IconSortAscending : active === 'desc' ? IconSortDescending : IconArrowsSort;
          return (
            <div
              key={column.key}
              role="columnheader"
              className={classes.columnHeader}
              style={columnStyle(column)}
              aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
            >
              {column.sortable && onSort ? (
                <UnstyledButton onClick={() => onSort(column.key)} aria-label={active ? `${column.label}: ${sortLabels[active]}` : column.label} maw="100%">
                  <Group gap={4} wrap="nowrap">
                    <Text fw={600} size="sm" truncate>
                      {column.label}
                    </Text>
                    <Icon size={14} stroke={1.5} aria-hidden />
                  </Group>
                </UnstyledButton>
              ) : (
                <Text fw={600} size="sm" truncate>
                  {column.label}
                </Text>
              )}
            </div>
          );
        })}
        {withActions && (
          <div role="columnheader" className={`${classes.columnHeader} ${classes.actions}`}>
            {actionsLabel}
          </div>
        )}
      </div>
    </div>
  );
});

export function VirtualTable<R>({
  rows,
  columns,
  rowKey,
  renderCell,
  renderActions,
  actionsLabel = '',
  actionsWidth = ACTIONS_WIDTH,
  sort,
  onSort,
  onRowClick,
  layout = 'table',
  rowHeight = layout === 'cards' ? CARD_HEIGHT : DEFAULT_ROW_HEIGHT,
  height = 560,
  overscan = DEFAULT_OVERSCAN,
  sortLabels = DEFAULT_SORT_LABELS,
  'aria-label': ariaLabel,
}: VirtualTableProps<R>) {
  const cards = layout === 'cards';
  const inView = Math.ceil(height / rowHeight);
  const [view, setView] = useState<{ first: number; direction: ScrollDirection }>({ first: 0, direction: 'down' });
  // Only a change of the first row in view is a change of what is shown.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const first = Math.floor(event.currentTarget.scrollTop / rowHeight);
    if (first !== view.first) flushSync(() => setView({ first, direction: scrollDirection(view.first, first, inView) }));
  };
  const [start, end] = visibleRange(view.first, inView, rows.length, view.direction, overscan);
  const tableStyle = {
    '--vt-row-height': `${rowHeight}px`,
    '--vt-actions-width': `${actionsWidth}px`,
    // A floor on the width keeps a table's columns readable: it scrolls sideways instead. Cards fit the width.
    minWidth: cards ? undefined : columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : MIN_COLUMN_WIDTH), 0) + (renderActions ? actionsWidth : 0),
  } as CSSProperties;
  const Item = cards ? VirtualTableCard : VirtualTableRow;
  // Cards have no header row: the list's height and its rows' places start at the first card.
  const headHeight = cards ? 0 : rowHeight;

  return (
    <div
      className={classes.scroller}
      style={{ height: Math.min(height, rows.length * rowHeight + headHeight + 2) }}
      onScroll={onScroll}
      data-testid="virtual-table-scroller"
    >
      <div role="table" aria-label={ariaLabel} aria-rowcount={rows.length + 1} className={classes.table} style={tableStyle}>
        {!cards && (
          <VirtualTableHeader
            columns={columns}
            sort={sort}
            onSort={onSort}
            sortLabels={sortLabels}
            actionsLabel={actionsLabel}
            withActions={Boolean(renderActions)}
          />
        )}
        <div role="rowgroup" style={{ height: rows.length * rowHeight, paddingTop: start * rowHeight }}>
          {rows.slice(start, end).map((row, i) => (
            <Item
              key={view.direction === 'jump' ? `slot:${i}` : rowKey(row)}
              row={row}
              index={start + i}
              columns={columns}
              renderCell={renderCell}
              renderActions={renderActions}
              onRowClick={onRowClick}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
