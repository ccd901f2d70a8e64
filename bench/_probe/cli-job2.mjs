import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('client', 390);
for (const n of ['GTK-2026-000009', 'GTK-2026-000001', 'GTK-2026-000003']) {
  await go('/app/ticket-client-list');
  await page.getByText(n).first().click();
  await page.waitForURL(/\/app\/ticket\//);
  await page.waitForTimeout(2000);
  await shot(n);
  const t = await text(); console.log('=====', n, t.slice(t.indexOf('Back')).slice(0, 1500).replace(/\n/g, ' | '));
  console.log('BTNS', JSON.stringify(await page.locator('main button').filter({ visible: true }).allInnerTexts()));
}
await browser.close();
