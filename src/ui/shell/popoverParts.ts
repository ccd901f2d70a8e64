/**
 * Mantine's Tooltip and Menu, with floating-ui under them: what the shell shows on hover or press (hover labels,
 * the side and top navigation's flyout menus). A chunk of its own, loaded just after the shell's first render
 * (./popovers.tsx): a third of the shell's code, which a phone waited for before it painted home (issue 18).
 */
export { Menu, Tooltip } from '@mantine/core';
