/**
 * What a lifecycle step does beyond the record itself (an invoice settled, purchase orders made): run inside
 * the step's transaction once the machine allowed it, whichever call sent the step. It may refuse (by
 * throwing) and may answer more fields for the record. The list is ./lifecycle-effects.ts.
 */
import type { Queryable } from '../db/pool';
import type { StepContext } from './step-context';

export interface StepTaken {
  /** The state the step leads to. */
  to: string;
  event: string;
  /** The step's data as sent (remarks, reasons), already checked against the index's `requires`. */
  data: Readonly<Record<string, unknown>>;
  /**
   * Takes a step of another lifecycle record inside this step's transaction, with its own checks and history row
   * (a proposal sent moves its lead to "Proposal Sent"). Given here so an effect need not import the helper that
   * runs it.
   */
  alsoStep(ctx: StepContext, id: string, input: { event: string; data?: Record<string, unknown> }): Promise<unknown>;
}

export type TransitionEffect = (ctx: StepContext, tx: Queryable, record: Readonly<Record<string, unknown>>, to: string, id: string, step: StepTaken) => Promise<Record<string, unknown> | void>;

/**
 * Work a step starts after its transaction committed (./lifecycle-effects.ts LIFECYCLE_AFTER_COMMIT). The step has
 * happened whatever this does: a failure is logged (on the request's log when there is one) and left to whatever
 * does the work again later, never answered as the step's failure.
 */
export type AfterCommit = (ctx: StepContext, record: Readonly<Record<string, unknown>> & { _id: string }) => Promise<void>;
