/**
 * One text box per step (issue 39), generated from every step of the lifecycle index: a step with words of its own
 * (a rejection's reason, an approval's remarks) shows one text box per word field and no separate "Note
 * (optional)": its words are its note in the history. A step without words (a bare confirmation) keeps the note.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { moduleNamed } from '../../src/contract/modules';
import { addEnglish } from '../../src/i18n';
import { workflowEn } from '../../src/i18n/workflow/en';
import { LIFECYCLES, stepWordFields } from '../../src/machines/lifecycles/index';
import { SessionProvider } from '../../src/machines/SessionProvider';
import { sessionMachine, type SocketInput } from '../../src/machines/session';
import { describeFields, humanize } from '../../src/ui/screens/module/fieldModel';
import { StepDialog } from '../../src/ui/screens/module/StepDialog';

addEnglish({ workflow: workflowEn });

const workflow = { stepAndWait: async () => undefined };

/** Every staff step of every lifecycle (a customer's step is taken on the public page, not in this dialog). */
const steps = LIFECYCLES.flatMap((lifecycle) =>
  Object.entries(lifecycle.events)
    .filter(([, spec]) => spec.sender !== 'customer')
    .map(([event, spec]) => {
      const def = moduleNamed(lifecycle.module);
      const fields = describeFields(def);
      return { name: `${lifecycle.module}.${event}`, lifecycle, event, fields, words: stepWordFields(spec, def.references ?? {}) };
    }),
);

const quietSocket = fromCallback<{ type: 'socket.noop' }, SocketInput>(() => () => undefined);

function openDialog(step: (typeof steps)[number]) {
  render(
    <MantineProvider env="test">
      {/* A signed step's pad is a flow the session runs (issue 38): the dialog is opened inside a session. */}
      <SessionProvider logic={sessionMachine.provide({ actors: { socket: quietSocket } })}>
        <StepDialog lifecycle={step.lifecycle} fields={step.fields} asking={{ event: step.event, values: {}, note: '', errors: {} }} recordName="DOC-2026-000001" workflow={workflow} onChange={() => {}} onCancel={() => {}} onSubmit={() => {}} />
      </SessionProvider>
    </MantineProvider>,
  );
  return screen.getByRole('dialog');
}

/** The labels of the dialog's text boxes (its textareas: a picker of a person or of a reason code is not one). */
function textBoxes(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('textarea')].map((box) => (box.labels?.[0]?.textContent ?? '').replace(/\s*\*$/, '').trim());
}

const withWords = steps.filter((step) => step.words.length > 0);

describe('one text box per step', () => {
  it('finds steps with words in the index (approvals, rejections, cancellations)', () => {
    expect(withWords.map((step) => step.name)).toEqual(expect.arrayContaining(['credit-note.approve', 'credit-note.reject', 'svc-ticket.resolve', 'preventive-maintenance.markDone', 'purchase-order-requisition.approve']));
  });

  it.each(withWords.map((step) => [step.name, step] as const))('%s shows its words once each and no separate note', (_name, step) => {
    const dialog = openDialog(step);
    const labelOf = (field: string) => step.fields.find((f) => f.name === field)?.label ?? humanize(field);
    expect(textBoxes(dialog)).toEqual(step.words.map(labelOf));
    expect(within(dialog).queryByLabelText('Note (optional)')).toBeNull();
    if (step.words.length === 1) expect(dialog.querySelectorAll('textarea')).toHaveLength(1);
  });

  // A step choosing a person (assigning a ticket) reads the session for its picker: the ticket screens' tests show that dialog.
  const bare = steps.filter((step) => step.words.length === 0 && !Object.keys(step.lifecycle.events[step.event]?.requires ?? {}).length);
  it.each(bare.map((step) => [step.name, step] as const))('%s, without words, keeps the note', (_name, step) => {
    const dialog = openDialog(step);
    expect(textBoxes(dialog)).toEqual(['Note (optional)']);
  });
});
