import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('admin', 1366);
await go('/app/breakdownMaintenence');
await page.getByRole('row', { name: /TKT-2026-000019/ }).getByText('Open page').click();
await page.waitForURL(/\/app\/ticket\//);
await shot('t19');
const t = await text(); console.log(t.slice(t.indexOf('Back')).slice(0, 700).replace(/\n/g, ' | '));
await browser.close();
