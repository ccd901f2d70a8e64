import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('stores', 1366);
await go('/app/request-spareparts');
await shot('rsp');
console.log((await text()).split('Request Spare Parts').pop().slice(0, 900).replace(/\n/g, ' | '));
await page.getByRole('row', { name: /RSP-2026-000004/ }).locator('button,a').first().click();
const d = page.getByRole('dialog').first(); await d.waitFor(); await page.waitForTimeout(1200);
console.log('RSP4:', (await d.innerText()).slice(0, 900).replace(/\n/g, ' | '));
await d.getByRole('button', { name: 'Approve' }).click(); await page.waitForTimeout(1500);
await page.getByRole('dialog').last().getByRole('button', { name: 'Approve' }).last().click(); await page.waitForTimeout(3000);
console.log('approved:', (await page.getByRole('dialog').first().innerText()).slice(0, 300).replace(/\n/g, ' | '));
const b = d.getByRole('button', { name: /^Issue/ });
if (await b.count()) {
  await b.first().click(); await page.waitForTimeout(1500);
  const c = page.getByRole('dialog').last();
  console.log('confirm:', (await c.innerText()).slice(0, 500).replace(/\n/g, ' | '));
  await c.getByRole('button', { name: /^Issue/ }).last().click(); await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/walk/stores-1366-rsp-issued.png' });
  console.log('after:', (await page.getByRole('dialog').first().innerText().catch(() => 'none')).slice(0, 900).replace(/\n/g, ' | '));
}
await browser.close();
