/** PATCH editSubscriptionRequestQA { id, question?, answer? }: the Q&A edit that carries its id in the body. */
import type { EditQaBody } from '../../../src/contract/modules/sales';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, HandlersOf } from '../call-context';
import { patchRecord, requireBody } from '../records';

async function editQa(ctx: CallContext): Promise<ApiRecord> {
  const { id, question, answer } = ctx.req.body as EditQaBody;
  if (question === undefined && answer === undefined) throw invalid(undefined, refusal('giveQuestionOrAnswer'));
  await requireBody(ctx.repo, id);
  return patchRecord(ctx, id, {
    ...(question !== undefined ? { question } : {}),
    ...(answer !== undefined ? { answer, answeredAt: new Date().toISOString() } : {}),
  });
}

export const subscriptionQaHandlers = {
  calls: { editSubscriptionRequestQA: { handler: editQa } },
} satisfies HandlersOf<'subscription-request-QA'>;
