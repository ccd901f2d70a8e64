/**
 * What "Waiting for me" watches (issues 14 and 18): the step that makes a record wait for someone's approval, and
 * the lifecycles that offer it on list rows (credit notes, payments, requisitions, spare-part requests). One
 * definition for the server's count (server/domain/approvals.ts) and the header's drawer (src/ui/shell/WaitingDrawer.tsx),
 * so the count and the rows it opens cannot watch different modules.
 */
import { LIFECYCLES, type Lifecycle } from './index';

/** The step that makes a record wait for someone's approval. */
export const APPROVE = 'approve';

/** The lifecycles whose approve step is offered on list rows: what the inbox lists. */
export const APPROVALS: readonly Lifecycle[] = LIFECYCLES.filter((l) => l.events[APPROVE]?.inList);
