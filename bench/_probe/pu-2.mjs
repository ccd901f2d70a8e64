import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('purchase', 1366);
await go('/app/manage-review-requisition');
await page.getByRole('button', { name: /Send to purchase \(/ }).click();
await page.waitForTimeout(2000);
const c = page.getByRole('dialog').last();
if (await c.count()) { console.log('confirm:', (await c.innerText()).slice(0, 600).replace(/\n/g, ' | ')); await c.getByRole('button', { name: /send|confirm|go|ok/i }).last().click(); await page.waitForTimeout(3500); }
await shot('sent');
console.log('after send:', (await text()).split('Review Requisitions').pop().slice(0, 700).replace(/\n/g, ' | '));
await go('/app/manage-po');
await shot('pos');
console.log('POs:', (await text()).split('Purchase Orders').pop().slice(0, 1500).replace(/\n/g, ' | '));
await browser.close();
