import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('stores', 1366);
await go('/app/manage-spare-part');
await page.getByText('Low stock', { exact: true }).first().click();
await page.waitForTimeout(2500);
await shot('lowstock');
let t = await text(); console.log(t.slice(t.indexOf('Low stock')).slice(0, 1500).replace(/\n/g, ' | '));
console.log('BTNS', JSON.stringify(await page.locator('main button').filter({ visible: true }).allInnerTexts()));
await browser.close();
