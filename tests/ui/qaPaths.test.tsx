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

    await pick(user, 'Sends', 'recall');
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
});
