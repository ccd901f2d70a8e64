/**
 * Before a drag, the element to grab must be what the pointer would press: a notice (top right, open 4–8 s after a
 * step) may lie over a lead card or a calendar's side list, and a drag that presses the notice moves nothing (CI's
 * sales and calendar walks failed so). Polled from Node: a function declared inside the page's callback would be
 * renamed by tsx and not run there.
 */
import type { Locator, Page } from 'playwright-core';

export async function waitUntilOnTop(page: Page, target: Locator, timeoutMs = 10_000): Promise<{ x: number; y: number }> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to grab is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const over = () =>
    target.evaluate((el, [px, py]) => {
      const top = document.elementFromPoint(px, py);
      return top && el.contains(top) ? '' : (top?.outerHTML.slice(0, 160) ?? 'nothing');
    }, [x, y] as const);
  for (let waited = 0, covering = await over(); covering; covering = await over(), waited += 100) {
    if (waited > timeoutMs) throw new Error(`something lies over the element to grab: ${covering}`);
    await page.waitForTimeout(100);
  }
  return { x, y };
}
