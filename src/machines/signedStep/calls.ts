/**
 * The signed step's I/O: the step goes through the record's own workflow actor (src/machines/flows/recordWorkflow.ts),
 * which sends it, takes the reply and refreshes the history as for any step; this answers when that actor has taken
 * it (resolves) or been refused (rejects with the server's words), so the dialog knows whether to close.
 */
import { waitFor } from 'xstate';
import type { RecordWorkflowActorRef } from '../flowRefs';
import type { SignedStepRequest } from './machine';

export async function stepThroughWorkflow(workflow: RecordWorkflowActorRef | undefined, request: SignedStepRequest): Promise<void> {
  if (!workflow) throw new Error('The record is not open any more: open it again');
  workflow.send({ type: 'workflow.step', event: request.event, data: request.data, note: request.note });
  // A workflow busy reading the record does not take a step: say so rather than pretend it was sent.
  if (!workflow.getSnapshot().matches('stepping')) throw new Error('The record is being read again: try once more in a moment');
  const settled = await waitFor(workflow, (s) => !s.matches('stepping'));
  if (settled.context.error) throw new Error(settled.context.error.message ?? 'The step failed');
}
