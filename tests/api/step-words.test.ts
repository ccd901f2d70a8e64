/**
 * One text box per step (issue 39), on the server: a step whose words are only kept, never required (an approval's
 * remarks, a plan's done remarks), writes them as its note in the history when no other note is sent; a note sent
 * with them is the history's note instead. Generated from every such staff step of the lifecycle index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleNamed } from '../../src/contract/modules/index';
import { lifecycleOf, stepWordFields, type Lifecycle } from '../../src/machines/lifecycles/index';
import { declaredTransitions } from '../machines/support/lifecyclePaths';
import { lifecycleActorEmail, lifecycleModules, recordInState, takeStep } from '../helpers/lifecycle-records';
import { testDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await testDb();
});
afterAll(() => t.close());

/** Staff steps with kept words and no required ones, with the first state that offers each. */
const cases = lifecycleModules().flatMap((module) => {
  const lifecycle = lifecycleOf(module) as Lifecycle;
  const references = moduleNamed(module).references ?? {};
  return Object.entries(lifecycle.events)
    .filter(([, spec]) => !spec.sender && !spec.onlyByCall && !spec.requires && stepWordFields(spec, references).length > 0)
    .map(([event, spec]) => {
      const from = declaredTransitions(lifecycle.machine).find((step) => step.event === event)?.from as string;
      return [module, event, from, stepWordFields(spec, references)] as const;
    });
});

describe('a step’s kept words are its history note', () => {
  it('covers the approvals of the index', () => {
    expect(cases.map(([module, event]) => `${module}.${event}`)).toEqual(expect.arrayContaining(['credit-note.approve', 'purchase-order-requisition.approve']));
  });

  it.each(cases)('%s %s (from %s) keeps %j as the note', async (module, event, from, words) => {
    const who = await t.signIn(lifecycleActorEmail(module));
    const id = await recordInState(t, who, module, from);
    const data = Object.fromEntries(words.map((field) => [field, `Checked on site: ${field}`]));
    const res = await takeStep(t, who, module, id, event, data);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const history = (await t.call(who, 'GET', `${moduleNamed(module).path}/history/${id}`)).body.data ?? [];
    expect(history.at(-1)).toMatchObject({ event, note: words.map((field) => `Checked on site: ${field}`).join('; ') });
  });

  it('a note sent beside the words is the history’s note', async () => {
    const who = await t.signIn('admin@demo.local');
    const id = await recordInState(t, who, 'credit-note', 'Pending Approval');
    const res = await t.call(who, 'PATCH', `${moduleNamed('credit-note').path}/transition/${id}`, { event: 'approve', approvalRemarks: 'Rates checked', note: 'Called the customer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const history = (await t.call(who, 'GET', `${moduleNamed('credit-note').path}/history/${id}`)).body.data ?? [];
    expect(history.at(-1)).toMatchObject({ event: 'approve', note: 'Called the customer' });
  });
});
