/**
 * What a system ticket's steps do beyond its status (src/machines/lifecycles/systemTicket.ts): closing an open
 * ticket acknowledges it too (who and when, so the response-time figures stay whole), and a Critical ticket
 * is closed only with remarks that say what was done.
 */
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { TransitionEffect } from '../lifecycle-effect';

const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

export const systemTicketSteps: TransitionEffect = async (ctx, _tx, record, to, _id, step) => {
  if (to !== 'Closed') return;
  if (record.severity === 'Critical' && !given(step.data.closingRemarks)) throw invalid('closingRemarks', refusal('criticalClosingRemarks'));
  if (record.status === 'Open') return { acknowledgedBy: ctx.user._id, acknowledgedAt: new Date().toISOString() };
};
