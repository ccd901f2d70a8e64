import { open } from './wlib.mjs';
{
  const { browser, page, shot, go, text } = await open('clerk', 1366);
  await go('/app/manual-payment');
  await page.getByRole('button', { name: 'New', exact: true }).filter({ visible: true }).first().click();
  const d = page.getByRole('dialog').first(); await d.waitFor(); await page.waitForTimeout(1500);
  console.log('form:', (await d.innerText()).replace(/\n/g, ' | ').slice(0, 600));
  await d.getByLabel(/^Invoice/).first().click(); await page.waitForTimeout(1000);
  console.log('inv options', JSON.stringify(await page.getByRole('option').filter({ visible: true }).allInnerTexts()));
  await page.getByRole('option', { name: /INV-2026-000004/ }).first().click(); await page.waitForTimeout(800);
  await d.getByLabel(/^Amount/).first().fill('20000');
  const mode = d.getByRole('combobox', { name: /^Mode/ }).or(d.getByRole('textbox', { name: /^Mode/ }));
  if (await mode.count()) { await mode.first().click(); await page.waitForTimeout(600); await page.getByRole('option', { name: 'NEFT' }).first().click().catch(() => {}); }
  const pd = d.getByLabel(/^Payment Date/).first(); await pd.click(); await page.waitForTimeout(800);
  await page.locator('table button').filter({ visible: true }).filter({ hasText: /^8$/ }).first().click().catch((e) => console.log('date', e.message.slice(0, 60)));
  await page.waitForTimeout(600);
  await page.screenshot({ path: '/tmp/walk/clerk-1366-pay-filled.png' });
  await d.getByRole('button', { name: 'Save' }).click(); await page.waitForTimeout(3000);
  console.log('dialog after save', await page.getByRole('dialog').count(), (await page.getByRole('dialog').first().innerText().catch(() => '')).replace(/\n/g, ' | ').slice(0, 500));
  await page.screenshot({ path: '/tmp/walk/clerk-1366-pay-saved.png' });
  await browser.close();
}
{
  const { browser, page, shot, go, text } = await open('approver', 1366);
  await page.getByRole('button', { name: /Waiting for me/ }).click(); await page.waitForTimeout(2000);
  const w = page.getByRole('dialog').first();
  console.log('waiting:', (await w.innerText()).replace(/\n/g, ' | ').slice(0, 600));
  const item = w.getByText(/₹20,000/).first();
  const row = w.locator('div', { has: page.getByText(/₹20,000\.00/) }).filter({ has: page.getByRole('button', { name: 'Approve' }) }).last();
  await row.getByRole('button', { name: 'Approve' }).click(); await page.waitForTimeout(2000);
  const c = page.getByRole('dialog').last();
  console.log('confirm:', (await c.innerText()).replace(/\n/g, ' | ').slice(0, 400));
  if (await c.getByRole('button', { name: 'Approve' }).count()) await c.getByRole('button', { name: 'Approve' }).last().click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/walk/approver-1366-pay-approved.png' });
  await page.keyboard.press('Escape');
  await go('/app/final-invoice-list');
  console.log('invoices:', (await text()).split('Final Invoices').pop().slice(0, 600).replace(/\n/g, ' | '));
  await browser.close();
}
