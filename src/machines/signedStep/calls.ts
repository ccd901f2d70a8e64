/**
 * The signed step's I/O: the step goes through the record's own workflow actor (src/machines/flows/recordWorkflow.ts),
 * which sends it, takes the reply and refreshes the history as for any step; this answers when that actor has taken
 * it (resolves) or been refused (rejects with the server's words), so the dialog knows whether to close.
 */
import { waitFor } from 'xstate';
import { WordedError } from '../../api/http';
import { STEP_FAILED } from '../flows/stepFallbacks';
import type { RecordWorkflowActorRef } from '../flowRefs';
import type { SignedStepRequest } from './machine';

export async function stepThroughWorkflow(workflow: RecordWorkflowActorRef | undefined, request: SignedStepRequest): Promise<void> {
  if (!workflow) throw new WordedError('The record is not open any more: open it again', { key: 'workflow.recordNotOpen' });
  workflow.send({ type: 'workflow.step', event: request.event, data: request.data, note: request.note });
  // A workflow busy reading the record does not take a step: say so rather than pretend it was sent.
  if (!workflow.getSnapshot().matches('stepping')) throw new WordedError('The record is being read again: try once more in a moment', { key: 'workflow.recordBeingRead' });
  const settled = await waitFor(workflow, (s) => !s.matches('stepping'));
  // The server's refusal goes on with its words, so the dialog says it in the person's language.
  const { error } = settled.context;
  if (error) throw error.message ? new WordedError(error.message, error.words) : new WordedError(STEP_FAILED.message, STEP_FAILED.words);
}
