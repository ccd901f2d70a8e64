/**
 * Human labels from the catalogue (issue 12, item 8): a field that holds another record's number or ids is named for
 * what it holds ("Ticket Number", "Machine Instances"), and the usual acronyms read as acronyms ("SLA Due At",
 * "CGST"), in every module's columns and forms, not as the field's name ("Ticket Alternate", "Machine Instance Ids").
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/contract/modules';
import { describeFields, humanize } from '../../src/ui/screens/module/fieldModel';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(() => resetHarness());

describe('field labels', () => {
  it("name another record's number, held ids by what they hold, and acronyms as acronyms", () => {
    expect(humanize('ticketAlternateId')).toBe('Ticket Number');
    expect(humanize('alternateId')).toBe('Number');
    expect(humanize('machineInstanceIds')).toBe('Machine Instances');
    expect(humanize('accessUserIds')).toBe('Access Users');
    expect(humanize('slaDueAt')).toBe('SLA Due At');
    expect(humanize('cgst')).toBe('CGST');
    expect(humanize('supplierGstin')).toBe('Supplier GSTIN');
  });

  it('of every module read as words, never as field names', () => {
    for (const def of catalogue) {
      for (const field of describeFields(def).flatMap((f) => [f, ...(f.columns ?? [])])) {
        const where = `${def.name}.${field.name}: ${field.label}`;
        expect(field.label, where).not.toMatch(/Alternate|\bIds\b|\bId\b/);
        expect(field.label, where).not.toMatch(/\b(Sla|Cgst|Sgst|Igst|Tds|Gstin|Hsn|Pan|Sim|Isi|Mime)\b/);
        // A label other than the field's own humanised name is declared where it is needed ("Related Record").
        expect(field.label, where).not.toBe('Related');
      }
    }
  });

  it("head the expenses' column and field of the ticket's number as 'Ticket Number'", async () => {
    storePreviousVisit(admin);
    const api = apiFor([admin]);
    api.on('GET', '/api/app/expense', { body: { data: [{ _id: 'e1', ticketAlternateId: 'TKT-2026-000001', category: 'Travel', amountPaise: 42_000, expenseDate: '2026-02-14' }], total: 1 } });
    api.on('GET', '/api/app/service-expense', { body: { data: [], total: 0 } });
    api.on('GET', '/api/app/subscriber-user', { body: { data: [], total: 0 } });
    renderApp(api, '/app/Expenses');
    const table = await screen.findByRole('table', {}, { timeout: 4_000 });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('Ticket Number');
    expect(headers.join(' ')).not.toMatch(/Alternate/);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'New' })[0]!);
    const form = await screen.findByRole('form');
    expect(within(form).getByLabelText(/^Ticket Number/)).toBeTruthy();
  });
});
