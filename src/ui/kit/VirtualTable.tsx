/**
 * A table that renders only the rows in view (plus a small overscan), with spacer rows above and below
 * standing in for the rest, so a list of 50 000 records scrolls as smoothly as one of 50. Rows have a
 * fixed height; the header stays in place. Sorting is the caller's: a header click reports the column.
 */
import { Table, UnstyledButton, Group, Text, Box } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useState, type ReactNode, type UIEvent } from 'react';

export interface VirtualColumn {
  key: string;
  label: string;
  sortable?: boolean;
  width?: number | string;
}

export interface VirtualTableProps<R> {
  rows: readonly R[];
  columns: readonly VirtualColumn[];
  rowKey: (row: R) => string;
  renderCell: (row: R, column: VirtualColumn) => ReactNode;
  /** Extra last cell per row (actions). */
  renderActions?: (row: R) => ReactNode;
  actionsLabel?: string;
  sort?: { column: string; direction: 'asc' | 'desc' } | null;
  onSort?: (column: string) => void;
  onRowClick?: (row: R) => void;
  rowHeight?: number;
  /** Height of the scrolling area in px. */
  height?: number;
  overscan?: number;
  sortLabels?: { asc: string; desc: string };
  'aria-label'?: string;
}

export const DEFAULT_ROW_HEIGHT = 44;
const MIN_COLUMN_WIDTH = 140;
const ACTIONS_WIDTH = 132;

/** Index range [start, end) of the rows to render for a scroll position. */
export function visibleRange(scrollTop: number, viewport: number, rowHeight: number, count: number, overscan: number): [number, number] {
  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + Math.ceil(viewport / rowHeight) + overscan);
  return [start, end];
}

export function VirtualTable<R>({
  rows,
  columns,
  rowKey,
  renderCell,
  renderActions,
  actionsLabel = '',
  sort,
  onSort,
  onRowClick,
  rowHeight = DEFAULT_ROW_HEIGHT,
  height = 560,
  overscan = 8,
  sortLabels = { asc: 'Sorted ascending', desc: 'Sorted descending' },
  'aria-label': ariaLabel,
}: VirtualTableProps<R>) {
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);
  const [start, end] = visibleRange(scrollTop, height, rowHeight, rows.length, overscan);
  const colSpan = columns.length + (renderActions ? 1 : 0);
  const above = start * rowHeight;
  const below = (rows.length - end) * rowHeight;

  return (
    <Box style={{ height: Math.min(height, (rows.length + 1) * rowHeight + 2), overflow: 'auto' }} onScroll={onScroll} data-testid="virtual-table-scroller">
      {/* A floor on the width keeps columns readable on phones: the table scrolls sideways instead. */}
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        aria-label={ariaLabel}
        aria-rowcount={rows.length + 1}
        style={{ tableLayout: 'fixed', minWidth: columns.length * MIN_COLUMN_WIDTH + (renderActions ? ACTIONS_WIDTH : 0) }}
      >
        <Table.Thead>
          <Table.Tr style={{ height: rowHeight }}>
            {columns.map((column) => {
              const active = sort?.column === column.key ? sort.direction : null;
              const Icon = active === 'asc' ? IconSortAscending : active === 'desc' ? IconSortDescending : IconArrowsSort;
              return (
                <Table.Th key={column.key} style={{ width: column.width }} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}>
                  {column.sortable && onSort ? (
                    <UnstyledButton onClick={() => onSort(column.key)} aria-label={active ? `${column.label}: ${sortLabels[active]}` : column.label}>
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
                </Table.Th>
              );
            })}
            {renderActions && <Table.Th style={{ width: ACTIONS_WIDTH }}>{actionsLabel}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {above > 0 && <Table.Tr aria-hidden style={{ height: above }}><Table.Td colSpan={colSpan} p={0} /></Table.Tr>}
          {rows.slice(start, end).map((row, i) => (
            <Table.Tr
              key={rowKey(row)}
              aria-rowindex={start + i + 2}
              style={{ height: rowHeight, cursor: onRowClick ? 'pointer' : undefined }}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
            >
              {columns.map((column) => (
                <Table.Td key={column.key} style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>
                  {renderCell(row, column)}
                </Table.Td>
              ))}
              {renderActions && <Table.Td onClick={(e) => e.stopPropagation()}>{renderActions(row)}</Table.Td>}
            </Table.Tr>
          ))}
          {below > 0 && <Table.Tr aria-hidden style={{ height: below }}><Table.Td colSpan={colSpan} p={0} /></Table.Tr>}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
