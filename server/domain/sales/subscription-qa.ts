/** PATCH editSubscriptionRequestQA { id, question?, answer? }: the Q&A edit that carries its id in the body. */
import { z } from 'zod';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import type { CallContext, HandlersOf } from '../call-context';
import { patchRecord, requireBody } from '../records';

const editBody = z.object({
  id: z.string().min(1, 'id is required'),
  question: z.string().trim().min(1, 'Question is required').max(1000).optional(),
  answer: z.string().trim().max(5000, 'Answer is too long').optional(),
});

async function editQa(ctx: CallContext): Promise<ApiRecord> {
  const { id, question, answer } = ctx.req.body as z.infer<typeof editBody>;
  if (question === undefined && answer === undefined) throw invalid(undefined, 'Give a question or an answer to change');
  await requireBody(ctx.repo, id);
  return patchRecord(ctx, id, {
    ...(question !== undefined ? { question } : {}),
    ...(answer !== undefined ? { answer, answeredAt: new Date().toISOString() } : {}),
  });
}

export const subscriptionQaHandlers = {
  calls: { editSubscriptionRequestQA: { handler: editQa, schemas: { body: editBody } } },
} satisfies HandlersOf<'subscription-request-QA'>;
