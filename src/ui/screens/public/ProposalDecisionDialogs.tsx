/**
 * The confirmation and the notes modal of the public proposal's decision (see ProposalDecision.tsx), a
 * chunk of its own: Mantine's Modal (focus trap, scroll lock, portal) loads when a customer reaches for
 * Accept or Reject, not with the page.
 * The notes text is the modal's own input until it is submitted; the "Required" rule is the machine's.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CONFIRM_TEXT, type PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { selectDecisionStep, useProposalEvents } from './proposalEvents';

export function NotesModal({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
  const events = useProposalEvents(actor);
  const step = useSelector(actor, selectDecisionStep);
  const notesError = useSelector(actor, (s) => s.context.notesError);
  const [notes, setNotes] = useState('');
  const submitting = step === (kind === 'accept' ? 'submittingAccept' : 'submittingReject');
  const title = kind === 'accept' ? 'Accept Proposal' : 'Reject Proposal';
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
            label={kind === 'accept' ? 'Accept Notes' : 'Reject Notes'}
            placeholder="Enter Notes"
            withAsterisk
            autosize
            minRows={3}
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            error={notesError ?? undefined}
            disabled={submitting}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={events.close} disabled={submitting}>
              Close
            </Button>
            <Button type="submit" color={kind === 'accept' ? 'green' : 'red'} loading={submitting}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function Confirmation({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
  const events = useProposalEvents(actor);
  return (
    <Modal opened onClose={events.close} withCloseButton={false} centered size="sm" aria-label={CONFIRM_TEXT[kind]}>
      <Stack>
        <Text fw={600}>{CONFIRM_TEXT[kind]}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={events.close}>
            Close
          </Button>
          <Button onClick={events.confirm} color={kind === 'accept' ? 'green' : 'red'}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
