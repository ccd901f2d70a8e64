import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('purchase', 1366);
await go('/app/manage-po');
await page.getByRole('row', { name: /PO-2026-000004/ }).locator('button,a').first().click();
let d = page.getByRole('dialog').first(); await d.waitFor(); await page.waitForTimeout(1200);
console.log('PO4:', (await d.innerText()).slice(0, 900).replace(/\n/g, ' | '));
const step = async (name) => {
  const b = page.getByRole('dialog').first().getByRole('button', { name });
  if (!(await b.count())) { console.log('no button', name); return false; }
  await b.first().click(); await page.waitForTimeout(1500);
  const c = page.getByRole('dialog').last();
  console.log('confirm for', name, ':', (await c.innerText()).slice(0, 700).replace(/\n/g, ' | '));
  return c;
};
for (const n of [/^Approve|^Issue|^Send to supplier|^Place|^Submit/]) { const c = await step(n); if (c) { await c.getByRole('button').last().click(); await page.waitForTimeout(2500); } }
d = page.getByRole('dialog').first();
console.log('PO4 now:', (await d.innerText()).slice(0, 300).replace(/\n/g, ' | '));
const c = await step(/Receive/);
await page.screenshot({ path: '/tmp/walk/purchase-1366-receive.png' });
if (c) {
  const nums = c.locator('input');
  console.log('receive inputs', await nums.evaluateAll((is) => is.map((i) => `${i.type} [${i.labels?.[0]?.innerText || i.getAttribute('aria-label') || ''}] ${i.value}`)));
}
await browser.close();
