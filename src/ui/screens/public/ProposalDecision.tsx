/**
 * The bottom area of the public proposal (document 1 §2, the first matching rule): a disabled Accepted
 * button; the expiry text; Reject and Accept with their confirmation and the notes modal; or nothing.
 * The modals are in ProposalDecisionDialogs.tsx.
 */
import { Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { ddmmyyyy } from '../../../contract/publicProposalTerms';
import { useT } from '../../../i18n';
import { selectBottom, selectDecisionStep, useProposalEvents, type DecisionStep } from './proposalEvents';

// The modals load when the pointer or focus reaches Accept or Reject (or at the latest on the click), so
// the page itself carries no modal code.
const loadDialogs = () => import('./ProposalDecisionDialogs');
const NotesModal = lazy(() => loadDialogs().then((m) => ({ default: m.NotesModal })));
const Confirmation = lazy(() => loadDialogs().then((m) => ({ default: m.Confirmation })));
const preloadDialogs = () => void loadDialogs();

const kindOf = (step: DecisionStep | null): 'accept' | 'reject' | null =>
  step === null || step === 'idle' ? null : step.toLowerCase().includes('accept') ? 'accept' : 'reject';

export function ProposalDecision({ actor }: { actor: PublicProposalActorRef }) {
  const t = useT();
  const events = useProposalEvents(actor);
  const bottom = useSelector(actor, selectBottom);
  const step = useSelector(actor, selectDecisionStep);
  const validity = useSelector(actor, (s) => s.context.proposal?.proposalValidity);
  if (bottom === 'accepted') {
    return (
      <Button disabled color="green" fullWidth maw={{ sm: 220 }}>
        {t('publicProposal.accepted')}
      </Button>
    );
  }
  if (bottom === 'expired') {
    return (
      <Text c="red" fw={600} role="status">
        {t('publicProposal.expired', { date: ddmmyyyy(validity) })}
      </Text>
    );
  }
  if (bottom !== 'deciding') return null;
  const kind = kindOf(step);
  const confirming = step === 'confirmingAccept' || step === 'confirmingReject';
  return (
    <>
      <Group grow={false} gap="sm" wrap="nowrap">
        <Button variant="outline" color="red" onClick={events.reject} onPointerEnter={preloadDialogs} onFocus={preloadDialogs} style={{ flex: 1 }} maw={{ sm: 200 }}>
          {t('publicProposal.reject')}
        </Button>
        <Button color="green" onClick={events.accept} onPointerEnter={preloadDialogs} onFocus={preloadDialogs} style={{ flex: 1 }} maw={{ sm: 200 }}>
          {t('publicProposal.accept')}
        </Button>
      </Group>
      <Suspense fallback={null}>
        {kind && confirming && <Confirmation actor={actor} kind={kind} />}
        {kind && !confirming && <NotesModal key={kind} actor={actor} kind={kind} />}
      </Suspense>
    </>
  );
}
