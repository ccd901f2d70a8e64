import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('clerk', 1366);
for (const p of ['/app/final-invoice-list', '/app/manual-payment']) {
  await go(p); await shot(p.replace(/\W+/g, '_'));
  console.log('=====', p, (await text()).split('Payments').pop().slice(0, 900).replace(/\n/g, ' | '));
  console.log('BTNS', JSON.stringify(await page.locator('main button').filter({ visible: true }).allInnerTexts()));
}
await browser.close();
