/**
 * The test-path explorer (/app/qa-paths, issue 15) through the UI: QA picks a machine, reads its coverage,
 * filters its paths, picks one (highlighted on the diagram, stepped through) and copies it as Gherkin; a
 * browser that refuses the clipboard gets a message, not silence.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { machineGraph } from '../../src/machines/paths/graph';
import { pathMachines } from '../../src/machines/paths/machines';
import { machinePaths } from '../../src/machines/paths/paths';
import { readTextFile } from '../../src/ui/screens/qa/textFiles';
import { ADMIN, permissions, SHOW_NAVIGATION } from './support/demo';
import { apiFor, renderApp, resetHarness, storePreviousVisit, type Account } from './support/renderApp';

const qa: Account = { login: ADMIN, password: 'x', permissions: [...permissions(['QA_PATHS', 'VIEW']), SHOW_NAVIGATION], menu: [] };
const requisition = machinePaths(machineGraph(pathMachines().find((m) => m.id === 'requisition')!.machine));

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
    const diagram = screen.getByRole('img', { name: 'Diagram of requisition' });
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

  it('says why when the browser refuses to copy', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    await open();
    await pick(user, 'Machine', /^creditNote/);
    await user.click(screen.getAllByText(/^creditNote\//)[0]!);
    await user.click(screen.getByRole('button', { name: 'Copy as JSON' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not copy: This browser does not let the page copy');
  });

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

  it('downloads the paths shown in the chosen format, and every machine at once', async () => {
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
      await user.click(screen.getByRole('button', { name: 'Download the paths shown' }));
      expect(saved[0]?.file).toBe('requisition.feature');
      const feature = await readTextFile(saved[0]!.blob);
      const rejected = requisition.paths.filter((p) => p.target === 'Rejected');
      expect(feature.match(/^ {2}Scenario: /gm)).toHaveLength(rejected.length);
      // A .feature holds one machine: every machine at once is offered in the formats that hold several.
      expect((screen.getByRole('button', { name: 'Download every machine' }) as HTMLButtonElement).disabled).toBe(true);

      await pick(user, 'Format', 'Playwright');
      await user.click(screen.getByRole('button', { name: 'Download the paths shown' }));
      expect(saved[1]?.file).toBe('requisition.spec.ts');
      expect(await readTextFile(saved[1]!.blob)).toContain('import { test } from "./tests/e2e/paths/fixtures";');

      await pick(user, 'Format', 'CSV');
      await user.click(screen.getByRole('button', { name: 'Download every machine' }));
      expect(saved[2]?.file).toBe('qa-paths.csv');
      const csvRows = (await readTextFile(saved[2]!.blob)).trimEnd().split('\n');
      expect(csvRows.length - 1).toBe(pathMachines().reduce((n, m) => n + machinePaths(machineGraph(m.machine)).paths.length, 0));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });
});
