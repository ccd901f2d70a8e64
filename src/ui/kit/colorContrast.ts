/**
 * Text colour that stays readable on a background colour (spec document 1 §9): a background whose
 * perceived brightness is above 130 (on 0–255, the W3C weighting 299/587/114) gets dark text,
 * anything darker gets light text. Used on navigation colour swatches and coloured headers.
 */
export type ContrastText = 'dark' | 'light';

export const BRIGHTNESS_THRESHOLD = 130;

/** Parses #rgb, #rrggbb (with or without #) and rgb()/rgba() strings; null when unreadable. */
export function parseColor(color: string): { r: number; g: number; b: number } | null {
  const value = color.trim();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(value);
  if (rgb) return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]) };
  let hex = value.replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.split('').map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(hex)) return null;
  return {
    r: parseInt(hex.slice(0, 2), 16),
    g: parseInt(hex.slice(2, 4), 16),
    b: parseInt(hex.slice(4, 6), 16),
  };
}

export function brightness(color: string): number | null {
  const c = parseColor(color);
  if (!c) return null;
  return (c.r * 299 + c.g * 587 + c.b * 114) / 1000;
}

/** 'dark' text for bright backgrounds (brightness > 130), 'light' otherwise (and for unreadable input). */
export function contrastText(background: string): ContrastText {
  const b = brightness(background);
  return b !== null && b > BRIGHTNESS_THRESHOLD ? 'dark' : 'light';
}

/** The CSS colour of that text. */
export function contrastTextColor(background: string): string {
  return contrastText(background) === 'dark' ? '#000000' : '#ffffff';
}
