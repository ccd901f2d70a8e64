/**
 * A printable machine label: the QR code with the machine's name and alternate id under it, sized for a
 * 50 × 70 mm label, in a window of its own so the browser prints the label and nothing of the app around it.
 */
export interface LabelContent {
  dataUrl: string;
  title: string;
  code?: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function labelHtml({ dataUrl, title, code }: LabelContent): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(code ?? title)}</title>
<style>
  @page { size: 50mm 70mm; margin: 3mm; }
  body { margin: 0; font-family: system-ui, sans-serif; text-align: center; }
  img { width: 44mm; height: 44mm; image-rendering: pixelated; }
  .title { font-size: 11pt; font-weight: 600; margin-top: 2mm; word-break: break-word; }
  .code { font-size: 10pt; font-family: ui-monospace, monospace; margin-top: 1mm; }
</style></head>
<body><img src="${dataUrl}" alt="QR code"><div class="title">${escapeHtml(title)}</div>${code ? `<div class="code">${escapeHtml(code)}</div>` : ''}</body></html>`;
}

/** Opens the label and the print dialog; false when the browser blocked the window. */
export function printLabel(content: LabelContent, open: typeof window.open = window.open.bind(window)): boolean {
  const popup = open('', '_blank', 'width=420,height=600');
  if (!popup) return false;
  popup.document.open();
  popup.document.write(labelHtml(content));
  popup.document.close();
  const image = popup.document.querySelector('img');
  const print = () => {
    popup.focus();
    popup.print();
  };
  if (image && !image.complete) image.addEventListener('load', print, { once: true });
  else print();
  return true;
}

/** A file name for the PNG: the machine's code, or "qr-code". */
export function pngName(code: string | undefined): string {
  const base = (code ?? '').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${base || 'qr-code'}.png`;
}
