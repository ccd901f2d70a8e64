import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
const { chromium } = require('playwright-core');
const base = 'http://127.0.0.1:3461';
const width = Number(process.argv[2] ?? 1366);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width, height: width < 700 ? 844 : 900 }, isMobile: width < 700, hasTouch: width < 700 });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('page error', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
await page.goto(base + '/auth/login-2');
await page.getByLabel(/e-?mail/i).fill('admin@demo.local');
await page.getByLabel(/password/i).first().fill('Demo-Admin-2026');
await page.getByRole('button', { name: /sign in|log ?in/i }).click();
await page.waitForURL(/\/app\//);
for (const [tab, locale] of (width < 700 ? [['lead', 'en']] : [['lead', 'en'], ['proposal', 'en'], ['proposal', 'fr'], ['lead', 'ja']])) {
  if (locale !== 'en') {
    await page.getByRole('button', { name: /Language|Langue|言語|语言/ }).first().click();
    await page.locator(`[lang="${locale}"]`).first().click();
    await page.waitForTimeout(800);
  }
  await page.goto(`${base}/app/salespipeline?tab=${tab}`);
  await page.waitForLoadState('networkidle');
  const nw = page.getByRole('button', { name: /^(New|Nouveau|新規|新建)$/ }).first();
  await nw.click();
  const dialog = page.getByRole('dialog').first();
  await dialog.waitFor();
  await page.waitForTimeout(1500);
  const title = await dialog.getAttribute('aria-labelledby').then((id) => page.locator(`#${id}`).textContent()).catch(() => '?');
  const owner = await dialog.getByLabel(/^(Owner|Propriétaire|担当者|负责人)/).first().inputValue().catch((e) => 'no owner: ' + e.message.slice(0, 80));
  console.log(width, tab, locale, 'title:', title, '| owner:', owner);
  await page.screenshot({ path: `/tmp/shots/form-${tab}-${locale}-${width}.png` });
  await page.keyboard.press('Escape');
}
await browser.close();
