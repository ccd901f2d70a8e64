/**
 * The test-path explorer (/app/qa-paths, issues 15 and 37) through the UI: QA picks a machine, reads its coverage,
 * sees its diagram (states nested in their parents' boxes as ELK laid them out, every edge labelled), filters its
 * paths, picks one (one edge lit per step, stepped through) and copies it as Gherkin; a browser without a
 * clipboard copies through a selection, and one that refuses both shows the text selected, with why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { machinePaths } from '../../src/machines/paths/paths';
import { eventLabel, LONGEST_EVENT } from '../../src/ui/screens/qa/diagramGraph';
import { readTextFile } from '../../src/ui/screens/qa/textFiles';
import { ADMIN, permissions, SHOW_NAVIGATION } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const qa: Account = { login: ADMIN, password: 'x', permissions: [...permissions(['QA_PATHS', 'VIEW']), SHOW_NAVIGATION], menu: [] };
const pathsOf = (id: string) => machinePaths(machineGraph(pathMachines().find((m) => m.id === id)!.machine));
const requisition = pathsOf('requisition');

let clipboard: string[] = [];
afterEach(() => {
  resetHarness();
  clipboard = [];
  Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
});

async function open() {
  storePreviousVisit(qa);
  const app = renderApp(apiFor([qa]), '/app/qa-paths');
  await screen.findByText(/^States \d+\/\d+ and transitions/);
  return app;
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) {
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const rows = () => within(screen.getAllByRole('table').at(-1)!).getAllByRole('row').slice(1);

/** The machine's diagram once ELK has laid it out. */
const diagramOf = (machine: string) => screen.findByRole('img', { name: `Diagram of ${machine}` }, { timeout: 30_000 });

/** A state's box on the diagram, as drawn. */
function boxOf(diagram: Element, state: string) {
  const group = [...diagram.querySelectorAll('[data-state]')].find((g) => g.getAttribute('data-state') === state);
  const rect = group?.querySelector('rect');
  if (!group || !rect) throw new Error(`no box for ${state}`);
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((a) => Number(rect.getAttribute(a)));
  return { x: x!, y: y!, right: x! + width!, bottom: y! + height!, kind: group.getAttribute('data-kind') };
}

type Box = ReturnType<typeof boxOf>;
const inside = (inner: Box, outer: Box) => inner.x > outer.x && inner.y > outer.y && inner.right < outer.right && inner.bottom < outer.bottom;
const overlap = (a: Box, b: Box) => a.x < b.right && b.x < a.right && a.y < b.bottom && b.y < a.bottom;

/** What a saved Blob holds, as bytes (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
describe('the test-path explorer', () => {
  it('shows a machine with its coverage, filters its paths, and steps through one on the diagram', async () => {
    const user = userEvent.setup();
    await open();
    await pick(user, 'Machine', /^requisition/);
    expect((await screen.findByTestId('qa-coverage')).textContent).toContain(`States 5/5 and transitions 7/7 covered by ${requisition.paths.length} paths`);
    expect(rows()).toHaveLength(requisition.paths.length);

    await pick(user, 'Ends in', 'Rejected');
    const rejected = requisition.paths.filter((p) => p.target === 'Rejected');
    await waitFor(() => expect(rows()).toHaveLength(rejected.length));
    const path = rejected[0]!;
    await user.click(screen.getByText(`requisition/${path.id}`));

    expect(screen.getByTestId('qa-step').textContent).toContain(`Step 1 of ${path.steps.length}: in Draft`);
    const diagram = await diagramOf('requisition');
    expect(diagram.querySelector('[data-current]')?.getAttribute('data-state')).toBe('Draft');
    const highlighted = [...diagram.querySelectorAll('[data-on-path]')].map((edge) => edge.getAttribute('data-edge'));
    expect(highlighted).toHaveLength(path.steps.length);

    await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(screen.getByTestId('qa-step').textContent).toContain(`Step 2 of ${path.steps.length}: in ${path.steps[1]!.state}`);
    for (let i = 1; i < path.steps.length; i++) await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(screen.getByTestId('qa-step').textContent).toContain('Done: Rejected');
    expect((screen.getByRole('button', { name: 'Next step' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByTestId('qa-step').textContent).toContain(`Step ${path.steps.length} of ${path.steps.length}`);

    await pick(user, 'Sends', 'Recall');
    expect((await screen.findByText('No path matches these filters.')).textContent).toBe('No path matches these filters.');
  });

  it('copies a path as Gherkin in the product words', async () => {
    const user = userEvent.setup();
    // After setup: user-event puts a clipboard stub of its own on the navigator.
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText: async (text: string) => void clipboard.push(text) }, configurable: true });
    await open();
    await pick(user, 'Machine', /^requisition/);
    const path = requisition.paths.find((p) => p.target === 'Sent To Purchase')!;
    await user.click(await screen.findByText(`requisition/${path.id}`));
    await user.click(screen.getByRole('button', { name: 'Copy as Gherkin' }));
    expect((await screen.findByRole('status')).textContent).toContain('Copied');
    expect(clipboard).toHaveLength(1);
    expect(clipboard[0]).toContain(`Scenario: requisition/${path.id} reaches "Sent To Purchase"`);
    expect(clipboard[0]).toContain('When the stores clerk sends it to purchase');
  });

  it('copies through a selection where the page has no clipboard (plain HTTP), and says so', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    const copied: Array<{ command: string; text: string }> = [];
    Object.defineProperty(document, 'execCommand', {
      configurable: true,
      value: (command: string) => {
        // What the browser copies: the selection in the focused field.
        const field = document.activeElement as HTMLTextAreaElement;
        copied.push({ command, text: field.value.slice(field.selectionStart, field.selectionEnd) });
        return true;
      },
    });
    await open();
    await pick(user, 'Machine', /^requisition/);
    const path = requisition.paths.find((p) => p.target === 'Sent To Purchase')!;
    await user.click(await screen.findByText(`requisition/${path.id}`));
    await user.click(screen.getByRole('button', { name: 'Copy as Gherkin' }));
    expect((await screen.findByRole('status')).textContent).toBe('Copied through a text selection: the browser does not give this page its clipboard (a page served over plain HTTP has none)');
    expect(copied).toHaveLength(1);
    expect(copied[0]!.command).toBe('copy');
    expect(copied[0]!.text).toContain(`Scenario: requisition/${path.id} reaches "Sent To Purchase"`);
    // The field it copied from is gone, and the button that was clicked has the focus back.
    expect(document.querySelectorAll('textarea')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy as Gherkin' }));
  });

  it('shows the text selected to copy by hand when the browser refuses both ways, with why', async () => {
    const user = userEvent.setup();
    const tried: string[] = [];
    Object.defineProperty(window.navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async () => {
          tried.push('clipboard');
          throw new DOMException('Write permission denied.', 'NotAllowedError');
        },
      },
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => (tried.push('selection'), false) });
    await open();
    await pick(user, 'Machine', /^creditNote/);
    const path = pathsOf('creditNote').paths[0]!;
    await user.click(screen.getByText(`creditNote/${path.id}`));
    await user.click(screen.getByRole('button', { name: 'Copy as JSON' }));

    const alert = await screen.findByRole('alert');
    expect(tried).toEqual(['clipboard', 'selection']);
    expect(within(alert).getByText('Not copied')).toBeTruthy();
    expect(alert.textContent).toContain('The browser let this page copy neither through its clipboard nor through a selection. The text is selected below: press Ctrl+C (⌘C on a Mac) to copy it.');
    const text = within(alert).getByLabelText('Text to copy') as HTMLTextAreaElement;
    expect(JSON.parse(text.value)).toMatchObject({ id: path.id, target: path.target });
    expect(document.activeElement).toBe(text);
    expect([text.selectionStart, text.selectionEnd]).toEqual([0, text.value.length]);

    await user.click(within(alert).getByRole('button', { name: 'Close the text to copy' }));
    await waitFor(() => expect(screen.queryByLabelText('Text to copy')).toBeNull());
  });

  it('draws compound and parallel states as boxes holding their children, each region apart (the resource machine)', async () => {
    const user = userEvent.setup();
    await open();
    await pick(user, 'Machine', /^resource \(/);
    const diagram = await diagramOf('resource');
    const graph = pathsOf('resource');
    expect(graph.parallel).toContain('resource');
    const nested = Object.entries(graph.parents);
    expect(nested.length).toBeGreaterThan(20);
    for (const [child, parent] of nested) expect(inside(boxOf(diagram, child), boxOf(diagram, parent)), `${child} inside ${parent}`).toBe(true);

    // The five "idle" states, flat and alike before, are each in their own operation's box.
    const idles = graph.states.filter((s) => s.split('.').pop() === 'idle');
    expect(idles.length).toBeGreaterThanOrEqual(5);
    expect(new Set(idles.map((s) => graph.parents[s])).size).toBe(idles.length);

    // The parallel root's regions: dashed boxes of their own that do not overlap.
    const regions = graph.states.filter((s) => graph.parents[s] === 'resource');
    expect(regions.map((r) => boxOf(diagram, r).kind)).toEqual(regions.map(() => 'region'));
    for (const a of regions) for (const b of regions) if (a < b) expect(overlap(boxOf(diagram, a), boxOf(diagram, b)), `${a} and ${b}`).toBe(false);

    // A long event is shortened on its edge ("xstate.done.actor.getById" reads "done.actor.getById"); its whole name is the edge's title.
    const long = graph.transitions.find((t) => eventLabel(t.event) !== t.event)!;
    const label = [...diagram.querySelectorAll('[data-label]')].find((l) => l.getAttribute('data-label') === long.event)!;
    expect(label.querySelector('text')!.textContent).toBe(eventLabel(long.event));
    expect(eventLabel(long.event).length).toBeLessThanOrEqual(LONGEST_EVENT);
    expect(label.querySelector('title')!.textContent).toContain(long.event);
  }, 60_000);

  it('labels every edge of a machine of more than 24 transitions (lead)', async () => {
    const user = userEvent.setup();
    await open();
    await pick(user, 'Machine', /^lead/);
    const diagram = await diagramOf('lead');
    const lead = pathsOf('lead');
    expect(lead.transitions.length).toBeGreaterThan(24);
    const labels = [...diagram.querySelectorAll('[data-label]')];
    expect(labels.map((l) => l.getAttribute('data-label'))).toEqual(lead.transitions.map((t) => t.event));
    // A lifecycle's edges read as its steps, in the product's words; every edge has its label and its whole step on hover.
    for (const label of labels) expect(label.querySelector('text')!.textContent).not.toBe('');
    const contacted = labels.find((l) => l.getAttribute('data-label') === 'moveToContacted')!;
    expect(contacted.querySelector('text')!.textContent).toBe('Move to Contacted');
    expect(contacted.querySelector('title')!.textContent).toBe('New —Move to Contacted→ Contacted');
  }, 60_000);

  it('lights one edge per step, the transition the step took, even where another shares its source and event', async () => {
    const user = userEvent.setup();
    await open();
    await pick(user, 'Machine', /^changePassword \(/);
    const diagram = await diagramOf('changePassword');
    const graph = pathsOf('changePassword');
    // idle -password.submit-> goes to submitting or, refused by the form's check, stays in idle.
    const shared = graph.transitions.filter((t) => t.from === 'idle' && t.event === 'password.submit');
    expect(shared.map((t) => t.to).sort()).toEqual(['idle', 'submitting']);
    const path = graph.paths.find((p) => p.steps.some((s) => s.state === 'idle' && s.event === 'password.submit' && s.to === 'submitting') && !p.steps.some((s) => s.to === 'idle' && s.event === 'password.submit'))!;
    await user.click(screen.getByText(`changePassword/${path.id}`));

    const edgesOfStep = (n: number) => [...diagram.querySelectorAll(`[data-steps~="${n}"]`)].map((e) => e.getAttribute('data-edge'));
    path.steps.forEach((s, i) => expect(edgesOfStep(i + 1)).toEqual([`${s.state} -${s.event}-> ${s.to}`]));
    expect(diagram.querySelectorAll('[data-on-path]')).toHaveLength(new Set(path.steps.map((s) => `${s.state}|${s.event}|${s.to}|${s.guard}`)).size);
    const stay = [...diagram.querySelectorAll('[data-edge]')].find((e) => e.getAttribute('data-edge') === 'idle -password.submit-> idle')!;
    expect(stay.hasAttribute('data-on-path')).toBe(false);

    // Stepping: the first step's edge is drawn taken (solid), the next one still to come (dashed); the walk stands where it led.
    await user.click(screen.getByRole('button', { name: 'Next step' }));
    const line = (n: number) => diagram.querySelector(`[data-steps~="${n}"] path`)!;
    expect(line(1).getAttribute('stroke-dasharray')).toBeNull();
    if (path.steps.length > 1) expect(line(2).getAttribute('stroke-dasharray')).toBe('5 3');
    expect(diagram.querySelector('[data-current]')?.getAttribute('data-state')).toBe(path.steps[0]!.to);
  }, 60_000);

  it('shows each path\'s last replay result from a loaded report, and refuses a file that is not one', async () => {
    const user = userEvent.setup();
    await open();
    await pick(user, 'Machine', /^requisition/);
    const [first, second] = requisition.paths;
    const report = {
      startedAt: '2026-11-28T05:00:00.000Z',
      paths: [
        { path: `requisition/${first!.id}`, module: 'purchase-order-requisition', result: 'passed', steps: [] },
        { path: `requisition/${second!.id}`, module: 'purchase-order-requisition', result: 'failed', failure: 'step 2 (Submitted -approve-> Approved, as the purchase manager): 403 Not allowed', steps: [] },
      ],
    };
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([JSON.stringify(report)], 'replay.json', { type: 'application/json' }));
    expect((await screen.findByTestId('qa-report')).textContent).toBe('Replay of 2026-11-28T05:00:00.000Z: 1 paths passed, 1 failed');
    const cells = (id: string) => rows().find((row) => row.textContent?.includes(`requisition/${id}`))!;
    expect(within(cells(first!.id)).getByTestId('qa-replay-result').textContent).toBe('Passed');
    const failed = within(cells(second!.id)).getByTestId('qa-replay-result');
    expect(failed.textContent).toBe('Failed');
    expect(failed.getAttribute('title')).toContain('403 Not allowed');
    expect(within(cells(requisition.paths[2]!.id)).getByText('not replayed')).toBeTruthy();

    await user.upload(input, new File(['{"machines": []}'], 'paths.json', { type: 'application/json' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This is not a replay report: no "paths" list');
    // The results before it stay.
    expect(within(cells(first!.id)).getByTestId('qa-replay-result').textContent).toBe('Passed');
  });

  it('downloads the paths shown (the filtered set) in the chosen format, and every machine at once in each format', async () => {
    const user = userEvent.setup();
    const saved: Array<{ file: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, { createObjectURL: (blob: Blob) => { const url = `blob:test/${blobs.size}`; blobs.set(url, blob); return url; }, revokeObjectURL: () => undefined });
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push({ file: this.download, blob: blobs.get(this.href)! });
    };
    try {
      await open();
      await pick(user, 'Machine', /^requisition/);
      await pick(user, 'Ends in', 'Rejected');
      await pick(user, 'Format', 'Gherkin');
      const rejected = requisition.paths.filter((p) => p.target === 'Rejected');
      // The filtered set: the paths the table shows.
      expect(rows()).toHaveLength(rejected.length);
      await user.click(screen.getByRole('button', { name: `Download the paths shown (${rejected.length})` }));
      expect(saved[0]?.file).toBe('requisition.feature');
      const feature = await readTextFile(saved[0]!.blob);
      expect(feature.match(/^ {2}Scenario: /gm)).toHaveLength(rejected.length);

      await pick(user, 'Format', 'Playwright');
      await user.click(screen.getByRole('button', { name: /^Download the paths shown/ }));
      expect(saved[1]?.file).toBe('requisition.spec.ts');
      expect(await readTextFile(saved[1]!.blob)).toContain('import { test } from "./tests/e2e/paths/fixtures";');

      await pick(user, 'Format', 'CSV');
      await user.click(screen.getByRole('button', { name: 'Download every machine' }));
      expect(saved[2]?.file).toBe('qa-paths.csv');
      const csvRows = (await readTextFile(saved[2]!.blob)).trimEnd().split('\n');
      expect(csvRows.length - 1).toBe(pathMachines().reduce((n, m) => n + machinePaths(machineGraph(m.machine)).paths.length, 0));

      // A .feature or a spec holds one machine: every machine comes as a .zip of a file per machine.
      await pick(user, 'Format', 'Gherkin');
      await user.click(screen.getByRole('button', { name: 'Download every machine' }));
      await waitFor(() => expect(saved[3]?.file).toBe('qa-paths-gherkin.zip'));
      const features = unzipSync(await bytesOf(saved[3]!.blob));
      expect(Object.keys(features)).toEqual(pathMachines().map((m) => `qa-paths/${m.id}.feature`));
      expect(strFromU8(features['qa-paths/requisition.feature']!).match(/^ {2}Scenario: /gm)).toHaveLength(requisition.paths.length);

      await pick(user, 'Format', 'Playwright');
      expect(screen.getByText(/unzip it in the project's folder/).textContent).toContain('npx playwright test --config qa-paths/playwright.config.ts');
      await user.click(screen.getByRole('button', { name: 'Download every machine' }));
      await waitFor(() => expect(saved[4]?.file).toBe('qa-paths-playwright.zip'));
      const specs = unzipSync(await bytesOf(saved[4]!.blob));
      const lifecycles = pathMachines().filter((m) => m.kind === 'lifecycle');
      expect(Object.keys(specs)).toEqual([...lifecycles.map((m) => `qa-paths/${m.id}.spec.ts`), 'qa-paths/playwright.config.ts']);
      // Unzipped in the project's folder, the specs find its fixtures one level up.
      expect(strFromU8(specs['qa-paths/requisition.spec.ts']!)).toContain('import { test } from "../tests/e2e/paths/fixtures";');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });
});
