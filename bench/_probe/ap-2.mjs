import { open } from './wlib.mjs';
for (const who of ['approver', 'purchase']) {
  const { browser, page, shot, go, text } = await open(who, 1366);
  const links = await page.$$eval('a[href^="/app"]', (as) => [...new Set(as.map((a) => a.getAttribute('href') + '|' + a.innerText.trim()))]);
  console.log(who, 'menu', links.join(' ; '));
  await page.getByRole('button', { name: /Waiting for me/ }).click().catch(() => console.log('no waiting btn'));
  await page.waitForTimeout(2500);
  await shot('waiting');
  const d = page.getByRole('dialog').or(page.locator('[role=menu]')).first();
  console.log(who, 'WAITING', ((await d.count()) ? await d.innerText() : (await text()).slice(0, 600)).slice(0, 1200).replace(/\n/g, ' | '));
  await browser.close();
}
