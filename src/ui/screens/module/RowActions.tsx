/**
 * The view / edit / delete buttons at the end of a list row, and the screen's own extra actions. Plain
 * buttons (icons drawn by CSS, see RowActions.module.css) with Mantine's global focus-ring and press
 * classes: a scroll frame can mount a window of rows, and three Mantine ActionIcons with their SVGs per
 * row were a large part of a frame's work (issue 4's profile).
 */
import type { ReactNode } from 'react';
import classes from './RowActions.module.css';

export interface RowActionsProps {
  /** Accessible names, e.g. "View Pump seal kit". */
  viewLabel: string;
  editLabel?: string;
  deleteLabel?: string;
  onView: () => void;
  /** Absent when the person may not edit (the button is not shown). */
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}

const BUTTON = `${classes.action} mantine-focus-auto mantine-active`;

export function RowActions({ viewLabel, editLabel, deleteLabel, onView, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <div className={classes.actions}>
      <button type="button" className={`${BUTTON} ${classes.view}`} aria-label={viewLabel} onClick={onView} />
      {onEdit && <button type="button" className={`${BUTTON} ${classes.edit}`} aria-label={editLabel} onClick={onEdit} />}
      {onDelete && <button type="button" className={`${BUTTON} ${classes.delete} ${classes.danger}`} aria-label={deleteLabel} onClick={onDelete} />}
      {children}
    </div>
  );
}
