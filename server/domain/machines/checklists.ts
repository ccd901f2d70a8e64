/**
 * Filled checklists (question-answer): a Number answer outside its question's range is flagged
 * (outOfRange), answers merge by question (PATCH editChecklistQuestions { id, answers }), and a checklist
 * is Submitted only when every mandatory question of its checklist template has an answer.
 */
import { checklistView, questions, type EditChecklistBody } from '../../../src/contract/modules/machines';
import type { ApiRecord } from '../../db/repository';
import { conflict, invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import type { CallContext, HandlersOf } from '../call-context';
import { asArray, asString, createRecord, patchRecord, repoOf, requireBody } from '../records';

type Answer = { questionId: string; answer?: unknown; remarks?: string; photoUrl?: string; outOfRange?: boolean };

const answered = (a: Answer | undefined): boolean =>
  a !== undefined && a.answer !== undefined && a.answer !== '' && !(Array.isArray(a.answer) && a.answer.length === 0);

/** Answers with outOfRange set from their questions' ranges; unknown questions are refused. */
async function flagged(ctx: CallContext, answers: readonly Answer[]): Promise<Answer[]> {
  const ids = [...new Set(answers.map((a) => a.questionId))];
  const { data } = ids.length ? await repoOf(ctx, questions).list({ filters: { _id: ids } }) : { data: [] };
  const byId = new Map(data.map((q) => [q._id, q]));
  return answers.map((a, index) => {
    const q = byId.get(a.questionId);
    if (!q) throw invalid(`answers.${index}.questionId`, refusal('unknownQuestion', { id: a.questionId }));
    if (q.answerType !== 'Number' || !answered(a)) return { ...a, outOfRange: false };
    const value = Number(a.answer);
    if (!Number.isFinite(value)) throw invalid(`answers.${index}.answer`, refusal('answerNeedsNumber', { question: String(q.question) }));
    const below = typeof q.minValue === 'number' && value < q.minValue;
    const above = typeof q.maxValue === 'number' && value > q.maxValue;
    return { ...a, answer: value, outOfRange: below || above };
  });
}

async function checkSubmittable(ctx: CallContext, body: Record<string, unknown>): Promise<void> {
  if (body.status !== 'Submitted') return;
  const checklistId = asString(body.checklistId);
  if (!checklistId) return;
  const checklist = await requireBody(repoOf(ctx, checklistView), checklistId);
  const questionIds = asArray<string>(checklist.questionIds);
  const { data } = questionIds.length ? await repoOf(ctx, questions).list({ filters: { _id: questionIds } }) : { data: [] };
  const answers = asArray<Answer>(body.answers);
  const missing = data.find((q) => q.mandatory !== false && !answered(answers.find((a) => a.questionId === q._id)));
  if (missing) throw invalid('answers', refusal('answerBeforeSubmit', { question: String(missing.question) }));
}

async function createAnswers(ctx: CallContext): Promise<ApiRecord> {
  const body = { ...(ctx.req.body as Record<string, unknown>) };
  body.answers = await flagged(ctx, asArray<Answer>(body.answers));
  await checkSubmittable(ctx, body);
  return createRecord(ctx, { ...body, answeredBy: body.answeredBy ?? ctx.user._id, answeredAt: body.answeredAt ?? new Date().toISOString() });
}

async function applyChange(ctx: CallContext, id: string, patch: Record<string, unknown>, merge: boolean): Promise<ApiRecord> {
  const current = await requireBody(ctx.repo, id);
  if (current.status === 'Reviewed') throw conflict(refusal('checklistReviewed'));
  const next = { ...patch };
  if (Array.isArray(patch.answers)) {
    const incoming = await flagged(ctx, patch.answers as Answer[]);
    if (merge) {
      const kept = asArray<Answer>(current.answers).filter((a) => !incoming.some((i) => i.questionId === a.questionId));
      next.answers = [...kept, ...incoming];
    } else next.answers = incoming;
  }
  await checkSubmittable(ctx, { ...current, ...next });
  return patchRecord(ctx, id, { ...next, answeredAt: new Date().toISOString() });
}

export const questionAnswerHandlers = {
  ops: {
    create: createAnswers,
    update: (ctx) => applyChange(ctx, (ctx.req.params as { id: string }).id, ctx.req.body as Record<string, unknown>, false),
  },
  calls: {
    editChecklistQuestions: {
      handler: (ctx) => {
        const { id, ...rest } = ctx.req.body as EditChecklistBody;
        return applyChange(ctx, id, rest, true);
      },
    },
  },
} satisfies HandlersOf<'question-answer'>;
