/**
 * The product's Mantine theme; colour scheme, direction and navigation colour come from preferences.
 *
 * Mantine's close buttons (a modal's, a drawer's, a notice's, an alert's, an input's clear button) carry no name of
 * their own: a screen reader read them as "button" (found walking). The theme gives each its words in the person's
 * language, so every one the product shows, now or later, says what it closes; `productTheme(t)` is made again when
 * the language changes.
 */
import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { Translate } from '../i18n';

const base = {
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
} satisfies MantineThemeOverride;

export function productTheme(t: Translate): MantineThemeOverride {
  const closeWindow = { 'aria-label': t('closers.window') };
  return createTheme({
    ...base,
    components: {
      Modal: { defaultProps: { closeButtonProps: closeWindow } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('closers.panel') } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('closers.notice') } } },
      Alert: { defaultProps: { closeButtonLabel: t('closers.message') } },
      Dialog: { defaultProps: { closeButtonProps: closeWindow } },
      InputClearButton: { defaultProps: { 'aria-label': t('closers.clear') } },
      // Any other close button (one a screen draws itself names what it closes; this is the last word).
      CloseButton: { defaultProps: { 'aria-label': t('closers.close') } },
    },
  });
}
