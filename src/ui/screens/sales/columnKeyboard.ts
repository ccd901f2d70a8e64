/**
 * The keyboard's way across the pipeline board (LeadBoard.tsx): ArrowRight and ArrowLeft carry the picked-up card to
 * the middle of the next column in one press. @dnd-kit's default moves it 25 px a press, about nine presses for each
 * 220 px column, with the announcement "is over" only every ninth. Up and down keep the default's steps: the columns
 * are the drop targets, so within one nothing changes.
 */
import { defaultKeyboardCoordinateGetter, KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';

export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const forward = event.code === KeyboardCode.Right;
  if (!forward && event.code !== KeyboardCode.Left) return defaultKeyboardCoordinateGetter(event, args);
  const { currentCoordinates, context } = args;
  const card = context.collisionRect;
  if (!card) return defaultKeyboardCoordinateGetter(event, args);
  const middle = card.left + card.width / 2;
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  // The column the card's middle is in, then its neighbour; between columns, the nearest one in the key's direction.
  const at = columns.findIndex((column) => middle >= column.left && middle < column.right);
  const target = at >= 0 ? columns[forward ? at + 1 : at - 1] : forward ? columns.find((column) => column.left > middle) : columns.findLast((column) => column.right < middle);
  return target === undefined ? undefined : { ...currentCoordinates, x: currentCoordinates.x + (target.left + target.width / 2 - middle) };
};
