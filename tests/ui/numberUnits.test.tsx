/**
 * A counted number says what it counts (catalogue `units`): a proposal's terms are months and its escalation a per cent,
 * so the New form's inputs show the unit as their placeholder and after the typed value. Save still sends the plain
 * number: tests/ui/generatedForms.sales.test.tsx types every field of these forms and checks the body sent.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { agreement, proposal } from '../../src/contract/modules/sales';
import { describeFields } from '../../src/ui/screens/module/fieldModel';
import { ADMIN, ADMIN_PERMISSIONS } from './support/demo';
import { renderApp, resetHarness, type Account } from './support/renderApp';
import { openModuleTable } from './support/moduleTabs';
import { standInApi } from './support/standIns';

const admin: Account = { login: ADMIN, password: 'x', permissions: ADMIN_PERMISSIONS, menu: [] };
afterEach(resetHarness);

const unitOf = (fields: ReturnType<typeof describeFields>, name: string) => fields.find((f) => f.name === name)?.unit;

describe('number units', () => {
  it("are the catalogue's: months for the proposal's and the agreement's terms, per cent for their escalation", () => {
    const proposalFields = describeFields(proposal);
    for (const name of ['contractTerm', 'lockInPeriod', 'noticePeriod', 'securityDeposit']) expect(unitOf(proposalFields, name), name).toBe('months');
    expect(unitOf(proposalFields, 'escalation')).toBe('percent');
    expect(unitOf(proposalFields, 'machineQuantity')).toBeUndefined();
    const agreementFields = describeFields(agreement);
    for (const name of ['contractTerm', 'lockInPeriod', 'noticePeriod']) expect(unitOf(agreementFields, name), name).toBe('months');
    expect(unitOf(agreementFields, 'escalation')).toBe('percent');
  });

  it("show in the proposal's New form as the placeholder and after the value", async () => {
    const api = standInApi(admin);
    api.on('POST', '/api/app/proposal', ({ body }) => ({ status: 201, body: { _id: 'p-new', alternateId: 'PRP-2026-000099', ...(body as object) } }));
    renderApp(api, '/app/salespipeline');
    const user = userEvent.setup({ delay: null });
    await openModuleTable(user, 'Proposals', 8_000);
    await user.click(await screen.findByRole('button', { name: 'New' }, { timeout: 8_000 }));
    const form = await screen.findByRole('dialog');
    const term = within(form).getByRole('textbox', { name: 'Contract Term' });
    expect(term.getAttribute('placeholder')).toBe('months');
    await user.type(term, '36');
    expect((term as HTMLInputElement).value).toBe('36 months');
    const escalation = within(form).getByRole('textbox', { name: 'Escalation' });
    expect(escalation.getAttribute('placeholder')).toBe('%');
    await user.type(escalation, '5');
    expect((escalation as HTMLInputElement).value).toBe('5%');
    expect(within(form).getByRole('textbox', { name: 'Machine Quantity' }).getAttribute('placeholder')).toBeNull();
  });
});
