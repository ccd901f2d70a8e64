/**
 * One agreement's page (/app/agreement/{id}, issue 33) as the seller meets it: the Client is the client record's
 * company or the company the agreement names, and "No client yet" when nobody named one (never the proposal's name);
 * the breadcrumb names the agreement by its number, not by the id in the path.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, permissions } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const seller: Account = { login: ADMIN, password: 'x', permissions: permissions(['SALES-PIPELINE', 'VIEW', 'CREATE', 'UPDATE']), menu: [] };

const AGREEMENT = {
  _id: 'agr-7f3c9e',
  alternateId: 'AGR-2026-000004',
  proposalId: 'prp-1',
  machineInstanceIds: ['mi-1'],
  startDate: '2026-11-28',
  endDate: '2027-11-27',
  monthlyRentalPaise: 4_200_000,
  securityDepositPaise: 12_600_000,
  status: 'Draft',
  version: 1,
  createdAt: '2026-11-28T05:00:00.000Z',
  updatedAt: '2026-11-28T05:00:00.000Z',
  names: { proposalId: 'PRP-2026-000009 Compressor rental – Chakan' },
};

afterEach(() => resetHarness());

function open(record: Record<string, unknown>) {
  storePreviousVisit(seller);
  const api = apiFor([seller]).on('GET', '/api/app/agreement/getById/:id', (_request, params) => (params.id === record._id ? { body: record } : { status: 404, body: { message: 'No agreement' } }));
  return renderApp(api, `/app/agreement/${String(record._id)}`);
}

/** The value under a fact's label on the page. */
async function fact(label: string): Promise<string> {
  const heading = await screen.findByText(label, { selector: 'p' }, { timeout: 15_000 });
  return heading.nextElementSibling?.textContent ?? '';
}

describe('the agreement page', () => {
  it('says there is no client yet when neither a client record nor a company is named, and names the proposal only as its source', async () => {
    open(AGREEMENT);
    expect(await screen.findByRole('heading', { name: 'Agreement AGR-2026-000004' }, { timeout: 15_000 })).toBeTruthy();
    expect(await fact('Client')).toBe('No client yet');
    expect(await fact('From proposal')).toBe('PRP-2026-000009 Compressor rental – Chakan');
  });

  it("shows the client record's company once it is made", async () => {
    open({ ...AGREEMENT, clientName: 'Talegaon Gears Pvt Ltd', clientId: 'cl-1', names: { ...AGREEMENT.names, clientId: 'Talegaon Gears Private Limited' } });
    expect(await fact('Client')).toBe('Talegaon Gears Private Limited');
  });

  it('shows the company the agreement names before its client record is made', async () => {
    open({ ...AGREEMENT, clientName: 'Talegaon Gears Pvt Ltd' });
    expect(await fact('Client')).toBe('Talegaon Gears Pvt Ltd');
  });

  it('names the agreement by its number in the breadcrumb, never by the id in the path', async () => {
    open(AGREEMENT);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' }, { timeout: 15_000 });
    expect(await within(crumbs).findByText('AGR-2026-000004')).toBeTruthy();
    expect(within(crumbs).queryByText(/agr-7f3c9e/i)).toBeNull();
  });
});
