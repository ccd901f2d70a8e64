/**
 * Copies text for the person, as far as the browser lets a page (issue 37 item 6). The clipboard API first; it is
 * missing where the page is not a secure context (the product served over plain HTTP on a LAN) and may refuse
 * (no permission, the page not focused). Then the older way: the text selected in a hidden textarea and
 * document.execCommand('copy'), which works over plain HTTP in a click's handler. When both fail the caller
 * shows the text selected, for the person to copy by hand.
 */

/** How the text reached the clipboard. */
export type CopiedBy = 'clipboard' | 'selection';

/** Neither way copied: the text must be copied by hand. */
export class CopyRefused extends Error {
  constructor() {
    super('The browser let the page copy neither through the clipboard nor through a selection');
    this.name = 'CopyRefused';
  }
}

function copyBySelection(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // In the page (a selection needs it) but out of sight and without scrolling it.
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', width: '1px', height: '1px', opacity: '0' });
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  // The copy command copies the focused selection: select() alone does not focus the field in every browser.
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

export async function copyText(text: string): Promise<CopiedBy> {
  const clipboard = globalThis.navigator?.clipboard;
  if (typeof clipboard?.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return 'clipboard';
    } catch {
      // Refused: the selection may still work.
    }
  }
  if (copyBySelection(text)) return 'selection';
  throw new CopyRefused();
}
