/**
 * What a lead's steps do beyond its stage (src/machines/lifecycles/lead.ts): the lead keeps its own stage
 * history (the sales board shows it on the card) beside the lifecycle's history, and a reason belongs to the
 * stage it explains, so a move without one clears the previous stage's reason.
 */
import { asArray, asString } from '../records';
import type { TransitionEffect } from '../lifecycle-effect';

export const leadSteps: TransitionEffect = async (ctx, _tx, record, to, _id, step) => {
  const reason = asString(step.data.leadStatusReason);
  const from = String(record.leadStage ?? 'New');
  const stageHistory = [...asArray(record.stageHistory), { from, to, ...(reason ? { reason } : {}), at: new Date().toISOString(), by: ctx.user.name }];
  return { stageHistory, leadStatusReason: reason ?? '' };
};
