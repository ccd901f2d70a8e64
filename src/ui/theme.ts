/** The product's Mantine theme; colour scheme, direction and navigation colour come from preferences. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
