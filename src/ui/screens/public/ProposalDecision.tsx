/**
 * The bottom area of the public proposal (document 1 §2, the first matching rule): a disabled Accepted
 * button; the expiry text; Reject and Accept with their confirmation and the notes modal; or nothing.
 * The notes text is the modal's own input until it is submitted; the "Required" rule is the machine's.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { CONFIRM_TEXT, type PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { expiredText } from '../../../machines/flows/publicProposalTerms';
import { selectBottom, selectDecisionStep, useProposalEvents, type DecisionStep } from './proposalEvents';

function NotesModal({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
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

function Confirmation({ actor, kind }: { actor: PublicProposalActorRef; kind: 'accept' | 'reject' }) {
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

const kindOf = (step: DecisionStep | null): 'accept' | 'reject' | null =>
  step === null || step === 'idle' ? null : step.toLowerCase().includes('accept') ? 'accept' : 'reject';

export function ProposalDecision({ actor }: { actor: PublicProposalActorRef }) {
  const events = useProposalEvents(actor);
  const bottom = useSelector(actor, selectBottom);
  const step = useSelector(actor, selectDecisionStep);
  const validity = useSelector(actor, (s) => s.context.proposal?.proposalValidity);
  if (bottom === 'accepted') {
    return (
      <Button disabled color="green" fullWidth maw={{ sm: 220 }}>
        Accepted
      </Button>
    );
  }
  if (bottom === 'expired') {
    return (
      <Text c="red" fw={600} role="status">
        {expiredText(validity)}
      </Text>
    );
  }
  if (bottom !== 'deciding') return null;
  const kind = kindOf(step);
  const confirming = step === 'confirmingAccept' || step === 'confirmingReject';
  return (
    <>
      <Group grow={false} gap="sm" wrap="nowrap">
        <Button variant="outline" color="red" onClick={events.reject} style={{ flex: 1 }} maw={{ sm: 200 }}>
          Reject
        </Button>
        <Button color="green" onClick={events.accept} style={{ flex: 1 }} maw={{ sm: 200 }}>
          Accept
        </Button>
      </Group>
      {kind && confirming && <Confirmation actor={actor} kind={kind} />}
      {kind && !confirming && <NotesModal key={kind} actor={actor} kind={kind} />}
    </>
  );
}
