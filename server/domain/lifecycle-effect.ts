/**
 * What a lifecycle step does beyond the record itself (an invoice settled, purchase orders made): run inside
 * the step's transaction once the machine allowed it, whichever call sent the step. It may refuse (by
 * throwing) and may answer more fields for the record. The list is ./lifecycle-effects.ts.
 */
import type { Queryable } from '../db/pool';
import type { CallContext } from './registry';

export interface StepTaken {
  /** The state the step leads to. */
  to: string;
  event: string;
  /** The step's data as sent (remarks, reasons), already checked against the index's `requires`. */
  data: Readonly<Record<string, unknown>>;
}

export type TransitionEffect = (ctx: CallContext, tx: Queryable, record: Readonly<Record<string, unknown>>, to: string, id: string, step: StepTaken) => Promise<Record<string, unknown> | void>;
