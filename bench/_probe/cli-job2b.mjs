import { open } from './wlib.mjs';
const T = '/app/ticket/ticket/6b16f6928a482359cf5d8a2f';
{
  const { browser, page, go } = await open('engineer', 390);
  await go(T); await page.waitForTimeout(1500);
  await page.getByLabel(/add a comment/i).fill('PUBLIC: I will reach your site by 10:00 tomorrow.');
  await page.getByRole('button', { name: 'Post comment' }).click(); await page.waitForTimeout(2500);
  await page.getByLabel(/add a comment/i).fill('INTERNAL: customer has unpaid invoice, check with accounts.');
  await page.getByLabel(/Internal/).check();
  await page.getByRole('button', { name: 'Post comment' }).click(); await page.waitForTimeout(2500);
  await browser.close();
}
const { browser, page, shot, go, text } = await open('client', 390);
await go(T); await page.waitForTimeout(2000);
let t = await text(); console.log('CLIENT sees:', t.slice(t.indexOf('Timeline')).slice(0, 700).replace(/\n/g, ' | '));
await page.getByLabel(/add a comment/i).fill('Thanks, gate pass will be ready at security.');
await page.getByRole('button', { name: 'Post comment' }).click(); await page.waitForTimeout(2500);
await shot('gtk1-reply');
t = await text(); console.log('AFTER reply:', t.slice(t.indexOf('Timeline')).slice(0, 700).replace(/\n/g, ' | '));
await go('/app/ticket/ticket/6b16f692fe9ce7b17b9a9e2e'); await page.waitForTimeout(2000);
const stars = page.locator('.mantine-Rating-root input, .mantine-Rating-root label');
console.log('star elements', await stars.count());
await page.locator('.mantine-Rating-root label').nth(3).click().catch((e) => console.log('star click', e.message.slice(0, 100)));
await page.getByLabel('Comments (optional)').fill('Quick and tidy work.');
await page.getByRole('button', { name: 'Send rating' }).click(); await page.waitForTimeout(3000);
await shot('gtk3-rated');
t = await text(); console.log('AFTER rating:', t.slice(t.indexOf('STATUS')).slice(0, 600).replace(/\n/g, ' | '));
await browser.close();
