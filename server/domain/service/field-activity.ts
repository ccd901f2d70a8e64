/**
 * Field-engineer activity (issue 13): an engineer logs his own day, never in someone else's name. Logging another
 * engineer's activity is a coordinator's work: it needs FE_ACTIVITY UPDATE (as changing any activity does);
 * without it, a record naming someone else is refused with a 400 naming `engineer`.
 */
import { feActivity } from '../../../src/contract/modules/service';
import { hasPrivilege } from '../../auth/sessions';
import type { ApiRecord } from '../../db/repository';
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { createRecord } from '../records';
import type { CallContext, HandlersOf } from '../call-context';
import { peopleCalls } from '../people';

type Body = Record<string, unknown>;

function ownName(ctx: CallContext, engineer: unknown): void {
  if (hasPrivilege(ctx.user, feActivity.feature, 'UPDATE')) return;
  if (typeof engineer === 'string' && engineer !== '' && engineer !== ctx.user._id) throw invalid('engineer', refusal('ownFieldActivity'));
}

async function createActivity(ctx: CallContext): Promise<ApiRecord> {
  const body = ctx.req.body as Body;
  ownName(ctx, body.engineer);
  return createRecord(ctx, body);
}

export const feActivityHandlers = { ops: { create: createActivity }, calls: peopleCalls } satisfies HandlersOf<'feactivity'>;
