import { open } from './wlib.mjs';
{
  const { browser, page, shot, go, text } = await open('stores', 1366);
  await go('/app/manage-requisition');
  await page.getByRole('row', { name: /REQ-2026-000004/ }).locator('button,a').first().click();
  const d = page.getByRole('dialog').first(); await d.waitFor();
  await d.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForTimeout(2000);
  if (await page.getByRole('dialog').count() > 1) { console.log('confirm:', (await page.getByRole('dialog').last().innerText()).replace(/\n/g, ' | ')); await page.getByRole('dialog').last().getByRole('button', { name: /submit|confirm|yes|ok/i }).last().click(); await page.waitForTimeout(2500); }
  console.log('after submit:', (await page.getByRole('dialog').first().innerText().catch(() => 'no dialog')).slice(0, 300).replace(/\n/g, ' | '));
  await browser.close();
}
{
  const { browser, page, shot, go, text } = await open('approver', 1366);
  const links = await page.$$eval('a[href^="/app"]', (as) => [...new Set(as.map((a) => a.getAttribute('href') + '|' + a.innerText.trim()))]);
  console.log('approver menu', links.join(' ; '));
  await go('/app/manage-review-requisition');
  await shot('review');
  let t = await text(); console.log(t.slice(t.lastIndexOf('Review Requisitions')).slice(0, 1000).replace(/\n/g, ' | '));
  await browser.close();
}
