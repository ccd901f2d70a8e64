/**
 * plan-schedule: a preventive plan's next occurrences and the tickets it has raised, read when its record opens.
 *
 *   loading ──▶ loaded ── schedule.refresh ──▶ loading
 *      └──▶ failed ── schedule.refresh ──▶ loading
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toErrorPayload, type ErrorPayload } from '../../api/http';
import type { PlanSchedule } from '../../contract/maintenanceShapes';
import { fetchPlanSchedule } from './maintenanceCalls';

export interface PlanScheduleContext {
  planId: string;
  schedule: PlanSchedule | null;
  error: ErrorPayload | null;
}

export const planScheduleMachine = setup({
  types: {
    context: {} as PlanScheduleContext,
    events: {} as { type: 'schedule.refresh' },
    input: {} as { planId: string },
  },
  actors: {
    loadSchedule: fromPromise<PlanSchedule, { planId: string }>(({ input }) => fetchPlanSchedule(input)),
  },
}).createMachine({
  id: 'planSchedule',
  context: ({ input }) => ({ planId: input.planId, schedule: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSchedule',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: { target: 'loaded', actions: assign({ schedule: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toErrorPayload(event.error) }) },
      },
    },
    loaded: { on: { 'schedule.refresh': 'loading' } },
    failed: { on: { 'schedule.refresh': 'loading' } },
  },
});

export type PlanScheduleActorRef = ActorRefFrom<typeof planScheduleMachine>;
export type PlanScheduleSnapshot = SnapshotFrom<typeof planScheduleMachine>;
