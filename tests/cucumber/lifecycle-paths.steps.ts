/**
 * Step definitions that run QA's Gherkin export (issue 37, item 2) through the API of a running server, with the
 * replay's HTTP client (scripts/paths-replay.ts): `npm run paths:cucumber` writes one .feature file per lifecycle
 * machine into .qa-paths/features and runs `cucumber-js` over them (cucumber.mjs), against BASE_URL.
 *
 * A scenario is named by its path ("creditNote/2e310e reaches …"), so each sentence is checked against the path's
 * own step, in order, before it is taken: a feature edited by hand that says another step fails with both
 * sentences. Each step is taken by its actor as the replay takes it: staff as the demo's account of the step's
 * role (QA_ACCOUNTS="ROLE=EMAIL:PASSWORD,…" names others), the customer through the public page's calls with a
 * fresh link, the scheduler through the transition route.
 */
import { strict as assert } from 'node:assert';
import { Before, Given, setDefaultTimeout, setWorldConstructor, Then, When, World, type IWorldOptions } from '@cucumber/cucumber';
import { moduleNamed } from '../../src/contract/modules/index';
import type { Lifecycle } from '../../src/machines/lifecycles/index';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines, type PathMachine } from '../../src/machines/paths/machines';
import { COVER_CRITERIA, machinePaths, type TestPath } from '../../src/machines/paths/paths';
import { stepSentence } from '../../src/machines/paths/sentences';
import { testerSteps, type TesterStep } from '../../src/machines/paths/steps';
import { demoAccounts, httpHarness, type Account } from '../../scripts/paths-replay';
import { eventData } from '../machines/support/lifecyclePaths';
import { lifecycleActorEmail, LIFECYCLE_MAKERS, newLifecycleRecord, takeStep } from '../helpers/lifecycle-records';
import type { TestDb } from '../helpers/test-db';

setDefaultTimeout(60_000);

function accounts(): Record<string, Account> {
  const given = (process.env.QA_ACCOUNTS ?? '').split(',').filter(Boolean).map((entry) => {
    const match = /^([A-Z_]+)=([^:]+)(?::(.*))?$/.exec(entry.trim());
    if (!match) throw new Error(`QA_ACCOUNTS takes ROLE=EMAIL:PASSWORD entries, not "${entry}"`);
    return [match[1] as string, { email: match[2] as string, ...(match[3] ? { password: match[3] } : {}) }] as const;
  });
  return { ...demoAccounts(), ...Object.fromEntries(given) };
}

const baseUrl = process.env.BASE_URL;
const byRole = accounts();
const harness = baseUrl ? httpHarness(baseUrl, Object.values(byRole)) : undefined;

/** The path a scenario is named by, under whichever coverage criterion made it. */
function pathNamed(machineId: string, pathId: string): { source: PathMachine; path: TestPath } {
  const source = pathMachines().find((m) => m.id === machineId);
  if (!source) throw new Error(`No machine "${machineId}"`);
  if (source.kind !== 'lifecycle') throw new Error(`${machineId} is a workflow machine: its paths run in the browser, not through the API`);
  const graph = machineGraph(source.machine);
  for (const cover of COVER_CRITERIA) {
    const path = machinePaths(graph, { cover }).paths.find((p) => p.id === pathId);
    if (path) return { source, path };
  }
  throw new Error(`No path "${pathId}" in ${machineId}: export the features again (npm run paths:cucumber)`);
}

export class PathWorld extends World {
  source!: PathMachine;
  lifecycle!: Lifecycle;
  /** The steps a tester takes, in order; `next` is the one the next When must say. */
  steps: TesterStep[] = [];
  next = 0;
  record?: { id: string; owner: string };

  constructor(options: IWorldOptions) {
    super(options);
  }

  api() {
    if (!harness) throw new Error('BASE_URL is required: the started product, e.g. BASE_URL=http://localhost:3000 npx cucumber-js');
    return harness;
  }

  async status(): Promise<string> {
    const record = this.record;
    assert.ok(record, 'no record yet: the scenario must start with its Given');
    const api = this.api();
    const read = await api.call(await api.signIn(record.owner), 'GET', `${moduleNamed(this.lifecycle.module).path}/getById/${record.id}`);
    return String(read.body?.[this.lifecycle.statusField]);
  }
}

setWorldConstructor(PathWorld);

Before(function (this: PathWorld, { pickle }) {
  const named = /^([A-Za-z]+)\/([0-9a-f]{6}) /.exec(pickle.name);
  if (!named) throw new Error(`The scenario "${pickle.name}" is not named by a path (machine/id)`);
  const { source, path } = pathNamed(named[1] as string, named[2] as string);
  this.source = source;
  this.lifecycle = source.lifecycles[0] as Lifecycle;
  this.steps = testerSteps(source, path).filter((s) => !s.internal);
});

Given(/^an? (.+) that is "([^"]*)"$/, async function (this: PathWorld, noun: string, state: string) {
  assert.equal(noun, this.lifecycle.noun.toLowerCase(), `the scenario is about a ${noun}, its path about a ${this.lifecycle.noun}`);
  const api = this.api();
  const owner = LIFECYCLE_MAKERS[this.lifecycle.module] ?? lifecycleActorEmail(this.lifecycle.module);
  const id = await newLifecycleRecord(api as unknown as TestDb, await api.signIn(owner), this.lifecycle.module);
  this.record = { id, owner };
  assert.equal(await this.status(), state, `the new ${this.lifecycle.noun}`);
});

// Every sentence that is neither the Given nor a Then: a step of the path, said by its actor.
When(/^(?!an? .+ that is ")(?!the .+ is (?:in )?"[^"]*"$)(.+)$/, async function (this: PathWorld, sentence: string) {
  const step = this.steps[this.next];
  assert.ok(step, `"${sentence}": the path has only ${this.steps.length} steps`);
  assert.equal(sentence, stepSentence(step), `step ${this.next + 1} of the path says another thing`);
  this.next++;
  const record = this.record;
  assert.ok(record, 'no record yet: the scenario must start with its Given');
  const api = this.api();
  const actor = step.actor;
  const account = actor?.kind === 'staff' ? byRole[actor.role] : { email: record.owner };
  assert.ok(account, `no account for the role ${actor?.kind === 'staff' ? actor.role : ''}: name one in QA_ACCOUNTS`);
  const who = await api.signIn(account.email, account.password);
  // The step's data: the example values the sentence gives, over what the step needs besides (an engineer's id).
  const data = { ...eventData(this.lifecycle, step.event, who.user._id), ...Object.fromEntries(step.data.filter((d) => d.required && !/^assigned/.test(d.field)).map((d) => [d.field, d.example])) };
  const moved = await takeStep(api, who, this.lifecycle.module, record.id, step.event, data);
  assert.equal(moved.status, 200, `${sentence}: the server answered ${moved.status} ${JSON.stringify(moved.body)}`);
});

Then(/^the (.+) is (?:in )?"([^"]*)"$/, async function (this: PathWorld, _noun: string, state: string) {
  assert.equal(await this.status(), state);
});
