/**
 * What a record was before a request changed it, kept beside the record the change answered, so that its
 * announcement reaches the people who could read it before as well as those who can now (server/realtime/socket.ts).
 * A requisition sent to purchase leaves the reviewers' filtered view, and a ticket given to another engineer leaves the
 * first one's My Open Calls: announced only to the audience of the record as it is now, their open lists kept
 * offering steps on a record they could no longer read.
 *
 * Kept in a WeakMap on the answer's object, not in the answer, so nothing of it reaches a reply.
 */
type Body = Readonly<Record<string, unknown>>;

const formerBodies = new WeakMap<object, Body>();

/** `record`, remembered as changed from `before`. */
export function withFormerBody<T extends object>(record: T, before: Body): T {
  formerBodies.set(record, before);
  return record;
}

/** The body `record` was changed from in this request, when the change said so. */
export function formerBodyOf(record: object): Body | undefined {
  return formerBodies.get(record);
}
