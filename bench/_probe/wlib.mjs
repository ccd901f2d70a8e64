import { createRequire } from 'node:module';
const require = createRequire(process.cwd() + '/');
const { chromium } = require('playwright-core');
export const base = 'http://127.0.0.1:3461';
export const USERS = { engineer: 'Demo-Engineer-2026', admin: 'Demo-Admin-2026', client: 'Demo-Client-2026', stores: 'Demo-Stores-2026', purchase: 'Demo-Purchase-2026', approver: 'Demo-Approver-2026', clerk: 'Demo-Clerk-2026' };
export async function open(who, width) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
  const mobile = width < 700;
  const ctx = await browser.newContext({ viewport: { width, height: mobile ? 844 : 900 }, isMobile: mobile, hasTouch: mobile });
  ctx.setDefaultTimeout(30000);
  const page = await ctx.newPage();
  const log = (s) => console.log('  !! ' + s);
  page.on('console', (m) => { if (m.type() === 'error') log('console: ' + m.text().slice(0, 300)); });
  page.on('pageerror', (e) => log('pageerror: ' + e.message.slice(0, 300)));
  page.on('response', (r) => { if (r.status() >= 400) log(`${r.status()} ${r.request().method()} ${r.url().replace(base, '')}`); });
  if (who) {
    await page.goto(base + '/auth/login-2');
    await page.getByLabel(/e-?mail/i).fill(who + '@demo.local');
    await page.getByLabel(/password/i).first().fill(USERS[who]);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/app\//, { timeout: 30000 });
  }
  let n = 0;
  const shot = async (name) => {
    await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {});
    await page.waitForTimeout(600);
    const f = `/tmp/walk/${who}-${width}-${name}.png`;
    await page.screenshot({ path: f, fullPage: true });
    console.log('shot ' + f + '  url=' + page.url().replace(base, ''));
    return f;
  };
  const go = async (p) => { await page.goto(base + p); await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {}); };
  const text = async () => (await page.locator('body').innerText()).replace(/\n{2,}/g, '\n');
  return { browser, ctx, page, shot, go, text };
}
