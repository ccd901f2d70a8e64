/**
 * Billing closes its loop on screen (issue 14), each person signed in through the form: the administrator makes an
 * invoice with two GST lines on the invoice form (its totals shown live), finalises it, registers it with the
 * e-invoice provider and downloads its PDF, which prints the IRN and a QR holding the signed e-invoice; the accounts
 * clerk records a payment of the whole amount against it; the accounts approver approves the payment from the
 * header's "Waiting for me"; the invoice is then Paid with nothing owed.
 */
import { readFileSync } from 'node:fs';
import { pdfQrCodes } from '../helpers/pdf-qr';
import { pdfText } from '../helpers/pdf-text';
import { expect, type Scenario } from './harness';
import { signIn, status, step } from './lifecycles';

const TODAY = new Date().toISOString().slice(0, 10);

/** The payload of a JWT, as JSON. */
function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export const billingScenarios: Scenario[] = [
  {
    name: 'an invoice with two GST lines is finalised, e-invoiced and printed; a payment recorded by the clerk is approved from the inbox; the invoice is paid',
    run: async ({ page, baseUrl }) => {
      await signIn(page, baseUrl, 'admin@demo.local');
      // A link naming the invoice date opens the new invoice's form with it (the date picker is Mantine's own).
      await page.goto(`${baseUrl}/app/generate-invoice?invoiceDate=${TODAY}`);
      const form = page.getByRole('form');
      await form.getByLabel(/^Supplier GSTIN/i).fill('27AABCS1429B1Z1');
      await form.getByLabel(/^Bill To Name/i).fill('Talegaon Gears Pvt Ltd');
      await form.getByLabel(/^Bill To GSTIN/i).fill('27AAJFT2468H1ZU');
      await form.getByLabel(/^Place Of Supply/i).fill('27');
      const lines: Array<[string, string, string, string, string]> = [
        ['Breakdown visit – VMC spindle', '998719', '1', '4500', '18 %'],
        ['Spindle bearing 7014', '8482', '2', '18,500.50', '12 %'],
      ];
      for (const [index, [description, hsn, quantity, rate, gst]] of lines.entries()) {
        if (index > 0) await form.getByRole('button', { name: 'Add line' }).click();
        const line = form.getByTestId('items-line').nth(index);
        await line.getByLabel(/^Description/i).fill(description);
        await line.getByLabel(/^Hsn Sac/i).fill(hsn);
        await line.getByLabel(/^Quantity/).fill(quantity);
        await line.getByLabel(/^Rate/).fill(rate);
        await line.getByLabel(/^GST Rate/i).first().click();
        await page.getByRole('option', { name: gst, exact: true }).click();
      }
      // ₹4,500 at 18 % and 2 × ₹18,500.50 at 12 %, CGST and SGST each half: ₹46,751.12, rounded to ₹46,751.
      const totals = await form.getByTestId('document-totals').textContent();
      expect(totals === 'Taxable value₹41,501.00CGST₹2,625.06SGST₹2,625.06Round-off-₹0.12Grand total₹46,751.00', `live totals: ${totals}`);
      await form.getByRole('button', { name: 'Save' }).click();
      const created = page.getByText(/^INV-\d{4}-\d{6} created$/);
      await created.waitFor({ timeout: 15_000 });
      const number = ((await created.textContent()) ?? '').replace(' created', '');

      // The invoice's record view: its totals as saved, then its steps.
      await page.getByRole('textbox', { name: 'Search' }).fill(number);
      await page.getByRole('button', { name: /^View / }).first().click();
      await page.getByTestId('lifecycle-panel').waitFor();
      await status(page, 'Draft');
      const saved = await page.getByTestId('invoice-summary').getByTestId('document-totals').textContent();
      expect(saved === totals, `the saved invoice's totals differ from the form's: ${saved}`);
      await step(page, 'Finalise');
      await status(page, 'Final');
      await step(page, 'Generate e-invoice');
      const irnLine = page.getByTestId('invoice-summary').getByText(/^IRN: [0-9a-f]{64}$/);
      await irnLine.waitFor({ timeout: 15_000 });
      const irn = ((await irnLine.textContent()) ?? '').replace('IRN: ', '');

      // The PDF as downloaded: the IRN printed, and the QR decoded from its image holding the signed e-invoice.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
      const pdf = readFileSync((await download.path()) ?? '');
      const text = pdfText(pdf);
      for (const words of [number, irn, 'Talegaon Gears Pvt Ltd', 'Spindle bearing 7014']) expect(text.includes(words), `the PDF lacks "${words}"`);
      const codes = pdfQrCodes(pdf);
      expect(codes.length === 1, `one QR expected in the PDF, found ${codes.length}`);
      const signed = jwtPayload(codes[0]!);
      const data = JSON.parse(String(signed.data ?? '{}')) as Record<string, unknown>;
      expect(data.Irn === irn && data.DocNo === number && data.ItemCnt === 2 && data.TotInvVal === 46751, `the QR's e-invoice: ${JSON.stringify(data)}`);

      // The clerk records the whole amount against it.
      await signIn(page, baseUrl, 'clerk@demo.local');
      await page.goto(`${baseUrl}/app/manual-payment?paymentDate=${TODAY}`);
      const payment = page.getByRole('form');
      await payment.getByLabel(/^Invoice/).first().click();
      await page.getByRole('option', { name: new RegExp(number) }).click();
      await payment.getByLabel(/^Amount/).fill('46,751');
      await payment.getByLabel(/^Mode/).first().click();
      await page.getByRole('option', { name: 'NEFT', exact: true }).click();
      await payment.getByLabel(/^Reference No/i).fill('HDFCN52026112600001');
      await payment.getByRole('button', { name: 'Save' }).click();
      const recorded = page.getByText(/^PAY-\d{4}-\d{6} created$/);
      await recorded.waitFor({ timeout: 15_000 });
      const paymentNumber = ((await recorded.textContent()) ?? '').replace(' created', '');

      // The approver approves it from the header's inbox.
      await signIn(page, baseUrl, 'approver@demo.local');
      await page.getByRole('button', { name: /^Waiting for me: \d+$/ }).click();
      const inbox = page.getByRole('dialog', { name: 'Waiting for me' });
      const payments = inbox.getByRole('region', { name: 'Payments' });
      await payments.getByText(paymentNumber).waitFor();
      await payments.getByRole('button', { name: `Approve ${paymentNumber}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve' });
      await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByText(`Payment ${paymentNumber} is Approved`).waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');

      // The invoice is paid: nothing owed.
      await page.goto(`${baseUrl}/app/final-invoice-list`);
      await page.getByRole('textbox', { name: 'Search' }).fill(number);
      await page.getByRole('button', { name: /^View / }).first().click();
      const summary = page.getByTestId('invoice-summary');
      await summary.getByTestId('payment-status').filter({ hasText: /^Paid$/ }).waitFor({ timeout: 15_000 });
      const owed = await summary.getByText('Balance due').locator('xpath=following-sibling::*[1]').textContent();
      expect(owed === '₹0.00', `the paid invoice still owes ${owed}`);
    },
  },
];
