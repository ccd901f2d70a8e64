/**
 * Stock that moves (issue 32), walked on screen: the stores clerk follows the dashboard's "at or below reorder level"
 * number to Low stock, asks for 5 chiller controller PCBs and starts a requisition; it is submitted, approved and sent
 * to purchase (as its makers and checkers, through the API); the purchase manager opens the draft purchase order,
 * issues it, receives 2 of 5 and then the 3 still due on its record view; the part's stock rose by 5 and its ledger
 * shows both receipts; issuing 1 to a ticket takes it down again.
 */
import { httpHarness } from '../../scripts/paths-replay';
import { expect, type Scenario } from './harness';
import { signIn, status, step } from './lifecycles';

const PCB = 'VOL-CTRL-PCB';

export const stockScenarios: Scenario[] = [
  {
    name: 'stock: low stock → start requisition → approve → send to purchase → receive 2 of 5, then 3 of 3 → stock +5, both receipts in the ledger → issue 1',
    run: async ({ page, baseUrl }) => {
      const api = httpHarness(baseUrl);
      const [stores, purchase, admin] = [await api.signIn('stores@demo.local'), await api.signIn('purchase@demo.local'), await api.signIn('admin@demo.local')];
      const pcbOf = async () => (await api.call(admin, 'GET', `/api/app/spare-part-inventory?partNumber=${PCB}`)).body.data?.[0] ?? {};
      const before = await pcbOf();

      await signIn(page, baseUrl, 'stores@demo.local');
      await page.goto(`${baseUrl}/app/dashboard`);
      await page.getByRole('group', { name: /reorder level/ }).getByRole('link').click();
      await page.waitForURL(/tab=low-stock/);
      const table = page.getByTestId('low-stock');
      await table.waitFor();
      // Only the PCB, 5 of them.
      for (const row of await table.getByRole('row').all()) {
        const text = (await row.textContent()) ?? '';
        if (!text.includes(PCB) && (await row.getByRole('checkbox').count()) > 0 && (await row.getByRole('checkbox').isChecked())) await row.getByRole('checkbox').uncheck();
      }
      const pcbRow = table.getByRole('row', { name: new RegExp(PCB) });
      await pcbRow.getByRole('textbox').fill('5');
      await page.getByRole('button', { name: 'Start requisition' }).click();
      const started = page.getByTestId('low-stock-started');
      await started.waitFor();
      const number = /REQ-\d{4}-\d{6}/.exec((await started.textContent()) ?? '')?.[0] ?? '';
      expect(number !== '', `the requisition's number: ${await started.textContent()}`);
      const found = await api.call(stores, 'GET', `/api/app/purchase-order-requisition?alternateId=${number}`);
      const requisition = found.body.data?.[0] ?? {};
      expect(JSON.stringify(requisition.lines).includes('"quantity":5'), `one Draft line of 5: ${JSON.stringify(requisition)}`);
      expect(requisition.status === 'Draft', `Draft: ${String(requisition.status)}`);

      const move = async (who: typeof stores, status: string) => {
        const res = await api.call(who, 'PUT', '/api/app/purchase-order-requisition/update/list', { ids: [requisition._id], status });
        expect(res.status === 200, `${status}: ${JSON.stringify(res.body)}`);
      };
      await move(stores, 'Submitted');
      await move(purchase, 'Approved');
      await move(purchase, 'Sent To Purchase');
      // Read as its maker: once sent, it is out of the reviewer's view.
      const sent = await api.call(stores, 'GET', `/api/app/purchase-order-requisition/getById/${requisition._id}`);
      const order = await api.call(purchase, 'GET', `/api/app/purchase-order/getById/${String((sent.body.purchaseOrderIds as string[] | undefined)?.[0])}`);
      const poNumber = String(order.body.alternateId);
      expect(/^PO-\d{4}-\d{6}$/.test(poNumber), `the draft purchase order: ${JSON.stringify(order.body)}`);

      await signIn(page, baseUrl, 'purchase@demo.local');
      await page.goto(`${baseUrl}/app/manage-po`);
      await page.getByRole('textbox', { name: 'Search' }).fill(poNumber);
      await page.getByRole('button', { name: /^View / }).first().click();
      await page.getByTestId('lifecycle-panel').waitFor();
      await status(page, 'Draft');
      await step(page, 'Issue to supplier');
      await status(page, 'Issued');
      const receive = page.getByTestId('po-receive');
      await receive.getByRole('textbox').first().fill('2');
      await receive.getByRole('button', { name: 'Receive' }).click();
      await status(page, 'Partially Received');
      // The form comes back with what is still due: 3 of the 3.
      await page.getByTestId('po-receive').getByRole('textbox').first().waitFor();
      const due = await page.getByTestId('po-receive').getByRole('textbox').first().inputValue();
      expect(due === '3', `still due: ${due}`);
      await page.getByTestId('po-receive').getByRole('button', { name: 'Receive' }).click();
      await status(page, 'Received');
      await page.getByTestId('po-receipts').getByRole('row').nth(2).waitFor();

      const after = await pcbOf();
      expect(Number(after.stockQty) === Number(before.stockQty) + 5, `stock ${String(before.stockQty)} → ${String(after.stockQty)}`);
      await page.goto(`${baseUrl}/app/manage-spare-part`);
      await page.getByRole('row', { name: new RegExp(PCB) }).getByRole('button', { name: /^View / }).click();
      const ledger = page.getByTestId('part-ledger');
      await ledger.waitFor();
      const receipts = await ledger.getByRole('row').filter({ hasText: poNumber }).count();
      expect(receipts === 2, `the ledger's receipts of ${poNumber}: ${receipts}`);

      // Issued to a ticket through a spare-part request: one out.
      const request = await api.call(stores, 'POST', '/api/app/request-spare', { ticketAlternateId: 'TKT-2026-000001', items: [{ partId: after._id, quantity: 1 }] });
      await api.call(admin, 'PATCH', '/api/app/request-spare/updateRequest', { id: request.body._id, status: 'Approved' });
      const issued = await api.call(admin, 'PATCH', '/api/app/request-spare/updateRequest', { id: request.body._id, status: 'Issued' });
      expect(issued.status === 200, `issued: ${JSON.stringify(issued.body)}`);
      expect(Number((await pcbOf()).stockQty) === Number(before.stockQty) + 4, 'stock after the issue');
    },
  },
];
