/**
 * A spare part's stock ledger in its record view fits a phone (found walking the stores' job at 390 px: its eight
 * columns ran off the side of the view). On a phone each movement is a card of labelled values, as the module lists
 * are; on a wider screen it stays a table, which scrolls inside its card when the view is narrow.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
const original = window.matchMedia;
const FIRST = { timeout: 4_000 };

afterEach(() => {
  window.matchMedia = original;
  resetHarness();
});

/** The screen as wide as a phone: the phone's media query matches, others do not. */
function onPhone(): void {
  window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width') });
}

const PART = { _id: 'sp1', partNumber: 'FMM-SEAL-KIT', partName: 'Clamp cylinder seal kit 150 T', unit: 'Set', unitPricePaise: 890000, stockQty: 2, stockValuePaise: 1780000, reorderLevel: 1, version: 1 };
const MOVEMENT = {
  id: 1,
  partId: 'sp1',
  kind: 'Receipt',
  quantity: 2,
  balanceAfter: 2,
  unitCostPaise: 890000,
  valuePaise: 1780000,
  valueAfterPaise: 1780000,
  causeModule: 'purchase-order',
  causeId: 'po1',
  causeLine: 0,
  causeName: 'PO-2026-000004',
  transactionId: null,
  reason: null,
  byId: 'u1',
  byName: 'Sunil Jadhav',
  at: '2026-11-28T09:30:00.000Z',
};

async function partView(): Promise<HTMLElement> {
  storePreviousVisit(admin);
  const api = apiFor([admin])
    .on('GET', '/api/app/spare-part-inventory', { body: { data: [PART], total: 1 } })
    .on('GET', '/api/app/spare-part-inventory/getById/:id', { body: PART })
    .on('GET', '/api/app/spare-part-inventory/ledger/:id', { body: { part: { _id: 'sp1', partNumber: PART.partNumber, partName: PART.partName, stockQty: 2, stockValuePaise: 1780000 }, data: [MOVEMENT], total: 1 } });
  renderApp(api, '/app/manage-spare-part?view=sp1');
  return screen.findByTestId('part-ledger', {}, FIRST);
}

describe("a spare part's stock ledger", () => {
  it('is a card per movement on a phone, its values labelled, with no wide table', async () => {
    onPhone();
    const ledger = await partView();
    expect(ledger.tagName).not.toBe('TABLE');
    expect(within(ledger).queryAllByRole('columnheader')).toHaveLength(0);
    const [movement, ...more] = within(ledger).getAllByRole('listitem');
    expect(more).toHaveLength(0);
    const card = within(movement!);
    expect(card.getByText('Receipt +2')).toBeTruthy();
    expect(card.getByText('Balance:', { exact: false }).textContent).toBe('Balance: 2');
    expect(card.getByText('Unit price')).toBeTruthy();
    expect(card.getByText('₹8,900.00')).toBeTruthy();
    expect(card.getByText('PO PO-2026-000004 · line 1')).toBeTruthy();
    expect(card.getByText('Sunil Jadhav')).toBeTruthy();
  });

  it('is a table on a wider screen, inside a container that scrolls it sideways when the view is narrow', async () => {
    const ledger = await partView();
    expect(ledger.tagName).toBe('TABLE');
    expect(within(ledger).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['When', 'Movement', 'Change', 'Balance', 'Unit price', 'Cause', 'By']);
    // The table keeps its columns' width and its container scrolls it sideways instead of the page.
    const container = ledger.closest<HTMLElement>('.mantine-TableScrollContainer-scrollContainer');
    expect(container?.style.getPropertyValue('--table-min-width')).toBeTruthy();
    expect(ledger.closest<HTMLElement>('.mantine-ScrollArea-viewport')?.style.overflowX).toBe('scroll');
  });
});
