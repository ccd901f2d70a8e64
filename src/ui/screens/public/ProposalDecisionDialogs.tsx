/**
 * The confirmation and the notes modal of the public proposal's decision (see ProposalDecision.tsx), a
 * chunk of its own: Mantine's Modal (focus trap, scroll lock, portal) loads when a customer reaches for
 * Accept or Reject, not with the page.
 * The notes text is the modal's own input until it is submitted; the "Required" rule is the machine's.
 */
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useT } from '../../../i18n';
import type { PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { selectDecisionStep, useProposalEvents } from './proposalEvents';

export function NotesModal({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
  const t = useT();
  const events = useProposalEvents(actor);
  const step = useSelector(actor, selectDecisionStep);
  const notesError = useSelector(actor, (s) => s.context.notesError);
  const [notes, setNotes] = useState('');
  const submitting = step === (kind === 'accept' ? 'submittingAccept' : 'submittingReject');
  const title = t(kind === 'accept' ? 'publicProposal.acceptTitle' : 'publicProposal.rejectTitle');
  return (
    <Modal opened onClose={events.close} title={title} centered size="md" closeOnClickOutside={!submitting}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          events.submit(notes);
        }}
        noValidate
      >
        <Stack>
          <Textarea
            label={t(kind === 'accept' ? 'publicProposal.acceptNotes' : 'publicProposal.rejectNotes')}
            placeholder={t('publicProposal.notesPlaceholder')}
            withAsterisk
            autosize
            minRows={3}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            // The machine's one notes rule ("Required"), said in the person's language.
            error={notesError ? t('publicProposal.notices.notesRequired') : undefined}
            disabled={submitting}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={events.close} disabled={submitting}>
              {t('publicProposal.close')}
            </Button>
            <Button type="submit" color={kind === 'accept' ? 'green' : 'red'} loading={submitting}>
              {t('publicProposal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function Confirmation({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
  const t = useT();
  const events = useProposalEvents(actor);
  const question = t(kind === 'accept' ? 'publicProposal.confirmAccept' : 'publicProposal.confirmReject');
  return (
    // The question is the dialog's title, so the dialog is named by it (an aria-label here lands on Modal's root, not
    // on the element with the dialog role).
    <Modal opened onClose={events.close} withCloseButton={false} centered size="sm" title={question} styles={{ title: { fontWeight: 600 } }}>
      <Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={events.close}>
            {t('publicProposal.close')}
          </Button>
          <Button onClick={events.confirm} color={kind === 'accept' ? 'green' : 'red'}>
            {t('publicProposal.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
