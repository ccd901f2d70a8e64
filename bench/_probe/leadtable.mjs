import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
const { chromium } = require('playwright-core');
const base = 'http://127.0.0.1:3461';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('page error', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
page.on('requestfailed', (r) => console.log('failed', r.url()));
await page.goto(base + '/auth/login-2');
await page.getByLabel(/e-?mail/i).fill('admin@demo.local');
await page.getByLabel(/password/i).first().fill('Demo-Admin-2026');
await page.getByRole('button', { name: /sign in|log ?in/i }).click();
await page.waitForURL(/\/app\//);
for (let i = 0; i < 12; i++) {
  const t0 = Date.now();
  await page.goto(base + '/app/salespipeline?tab=lead');
  const t1 = Date.now();
  try {
    await page.getByRole('radiogroup').getByText('Table', { exact: true }).click({ timeout: 20000 });
    const t2 = Date.now();
    await page.getByRole('textbox', { name: 'Search' }).waitFor({ timeout: 20000 });
    console.log(i, 'goto', t1 - t0, 'click', t2 - t1, 'search', Date.now() - t2);
  } catch (e) {
    console.log(i, 'FAILED', e.message.split('\n')[0]);
    await page.screenshot({ path: `/tmp/shots/leadtable-fail-${i}.png` });
  }
}
await browser.close();
