/**
 * Mantine's DateInput, whose Escape closes its calendar only (found walking: Escape in a form's date picker closed the
 * whole drawer or dialog, and what was typed in it was lost). A modal or drawer closes on Escape from a listener on the
 * window that runs before the picker's own, and leaves alone only a key pressed on an element marked
 * `data-mantine-stop-propagation` (as Mantine's Select marks its input while its list is open). The date input keeps
 * the focus while its calendar is open, so it carries that mark exactly then. (The date-time picker moves the focus
 * into its calendar, whose controls Mantine marks already.)
 */
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { DateInput as MantineDateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';

export function DateInput({ popoverProps, ...props }: DateInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <MantineDateInput
      {...props}
      data-mantine-stop-propagation={open || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setOpen(false);
          popoverProps?.onClose?.();
        },
      }}
    />
  );
}
