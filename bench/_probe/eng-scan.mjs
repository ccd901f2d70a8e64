import { open } from './wlib.mjs';
const { browser, page, shot, go, text } = await open('engineer', 390);
await go('/app/machine-scanning');
for (const code of ['MI-2026-000005', 'ELGI-EG37-5532', 'http://127.0.0.1:3461/app/machine/6b16f692dcf3af03d1b22db5', 'XYZ-NOPE']) {
  await go('/app/machine-scanning');
  await page.getByLabel(/machine code/i).fill(code);
  await page.getByRole('button', { name: /find machine/i }).click();
  await page.waitForTimeout(2500);
  await shot('scan-' + code.replace(/[^a-z0-9]+/gi, '_').slice(-20));
  console.log('---', code, (await text()).slice(0, 400));
}
await go('/app/machine-scanning');
await page.getByRole('button', { name: /scan with camera/i }).click();
await page.waitForTimeout(2500);
await shot('scan-camera');
console.log((await text()).slice(0, 600));
await browser.close();
