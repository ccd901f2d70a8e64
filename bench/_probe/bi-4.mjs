import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('clerk', 1366);
await go('/app/generateCreditNote');
await shot('cn-list');
console.log((await text()).split('Generate Credit Note').pop().slice(0, 600).replace(/\n/g, ' | '));
await page.getByRole('button', { name: 'New', exact: true }).filter({ visible: true }).first().click().catch((e) => console.log('no New'));
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/walk/clerk-1366-cn-new.png' });
const d = page.getByRole('dialog');
if (await d.count()) {
  console.log('form:', (await d.first().innerText()).replace(/\n/g, ' | ').slice(0, 800));
  await d.first().getByLabel(/^Invoice/).first().click(); await page.waitForTimeout(1000);
  console.log('opts', JSON.stringify(await page.getByRole('option').filter({ visible: true }).allInnerTexts()));
  await page.getByRole('option', { name: /INV-2026-000004/ }).first().click(); await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/walk/clerk-1366-cn-inv.png' });
  console.log('form2:', (await d.first().innerText()).replace(/\n/g, ' | ').slice(0, 1500));
}
await browser.close();
