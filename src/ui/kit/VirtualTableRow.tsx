/**
 * One body row of the virtual table. Memoised: while the table scrolls, a row that stays in view is not
 * rendered again (its props are the same), and a row that comes into view is rendered once. Plain
 * elements with ARIA roles and CSS-module classes: a scroll frame can mount a whole window of rows, and
 * Mantine's Table.Tr / Table.Td (each a styled Box resolving theme props) cost several times a plain
 * element.
 */
import { memo, type CSSProperties, type MouseEvent, type ReactNode } from 'react';
import classes from './VirtualTable.module.css';

export interface VirtualColumn {
  key: string;
  label: string;
  sortable?: boolean;
  /** A fixed width (px or any CSS length); columns without one share the rest equally. */
  width?: number | string;
}

export interface VirtualTableRowProps<R> {
  row: R;
  /** Position of the record in the list (0 is the first), which gives its aria-rowindex. */
  index: number;
  columns: readonly VirtualColumn[];
  renderCell: (row: R, column: VirtualColumn) => ReactNode;
  renderActions?: (row: R) => ReactNode;
  onRowClick?: (row: R) => void;
}

/** Inline style of a column with a fixed width (header and cells alike). */
export function columnStyle(column: VirtualColumn): CSSProperties | undefined {
  if (column.width === undefined) return undefined;
  return { flex: `0 0 ${typeof column.width === 'number' ? `${column.width}px` : column.width}` };
}

/** Clicks on the actions (view, edit, delete) must not also open the row. */
const keepInCell = (event: MouseEvent) => event.stopPropagation();

function Row<R>({ row, index, columns, renderCell, renderActions, onRowClick }: VirtualTableRowProps<R>) {
  return (
    <div
      role="row"
      // 1 is the header row, so the first record is 2.
      aria-rowindex={index + 2}
      className={onRowClick ? `${classes.row} ${classes.clickable}` : classes.row}
      onClick={onRowClick ? () => onRowClick(row) : undefined}
    >
      {columns.map((column) => (
        <div key={column.key} role="cell" className={classes.cell} style={columnStyle(column)}>
          {renderCell(row, column)}
        </div>
      ))}
      {renderActions && (
        <div role="cell" className={classes.actions} onClick={keepInCell}>
          {renderActions(row)}
        </div>
      )}
    </div>
  );
}

/** `memo` loses the generic parameter; the cast gives it back. */
export const VirtualTableRow = memo(Row) as typeof Row;

/** Columns a card shows: its title and the lines under it (the rest are in the record's view). */
export const CARD_COLUMNS = 4;
/** A card's height: padding, the title, three lines, the actions. */
export const CARD_HEIGHT = 148;

/** One record as a card (a phone): the same cells as a row, with their columns' labels, and the same actions. */
function Card<R>({ row, index, columns, renderCell, renderActions, onRowClick }: VirtualTableRowProps<R>) {
  const [title, ...lines] = columns.slice(0, CARD_COLUMNS);
  return (
    <div role="row" aria-rowindex={index + 2} className={onRowClick ? `${classes.card} ${classes.clickable}` : classes.card} onClick={onRowClick ? () => onRowClick(row) : undefined}>
      {title && (
        <div role="cell" className={classes.cardTitle}>
          {renderCell(row, title)}
        </div>
      )}
      {lines.map((column) => (
        <div key={column.key} role="cell" className={classes.cardField}>
          <span className={classes.cardLabel}>{column.label}</span>
          <span className={classes.cardValue}>{renderCell(row, column)}</span>
        </div>
      ))}
      {renderActions && (
        <div role="cell" className={classes.cardActions} onClick={keepInCell}>
          {renderActions(row)}
        </div>
      )}
    </div>
  );
}

export const VirtualTableCard = memo(Card) as typeof Card;
