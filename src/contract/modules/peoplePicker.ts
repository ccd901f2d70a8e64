/**
 * Pickers of a person (issue 39 item 2): a form's field naming a member of staff (a ticket's engineer, a plan's
 * engineer, a lead's owner, a spare-part request's requester) offers the people whose privileges let them do that
 * work, never the whole staff. The module says which of its fields are such pickers and what the person picked must
 * hold (ModuleDef `people`); its `people` call answers them, with their load today, so whoever assigns sees who is
 * free. The server decides (it reads everyone's roles; a screen may not list the users at all).
 *
 * GET {module path}/people/{field}?recordId=… → { data: [{ _id, name, designation?, openTickets, visitsToday }], total }
 * - `field`: one of the module's `people` fields (400 naming `field` otherwise);
 * - `recordId`: the record the person is picked for, read within the caller's reach (404 otherwise): a person who
 *   reaches the module only through a view (an engineer's "my open calls") is offered only when the record, once
 *   given to them, is one that view shows them.
 */
import { z } from 'zod';
import type { PrivilegeCode } from './define';
import { listOf } from './replies';

/** What picking a person in a field takes: whoever holds `privilege` on `module` (the field's own module when absent). */
export interface PersonPick {
  privilege: PrivilegeCode;
  module?: string;
  /**
   * A new record's form starts the field as the person creating it, when they are among those offered (a lead's
   * owner is most often whoever enters it); they may pick another, or clear it. Never on a record being changed.
   */
  startsAsCreator?: boolean;
}

/** A person to pick, with their load today: open tickets assigned to them, and field visits starting today. */
export const personToPick = z.strictObject({
  _id: z.string(),
  name: z.string(),
  designation: z.string().optional(),
  openTickets: z.number().int().nonnegative(),
  visitsToday: z.number().int().nonnegative(),
});

const peopleParams = z.object({ field: z.string().min(1) });
const peopleQuery = z.object({ recordId: z.string().min(1).optional() });
export type PeopleQuery = z.infer<typeof peopleQuery>;

/** The call every module with `people` fields declares. VIEW: whoever opens the module's form may ask who to pick. */
export const peopleCall = {
  name: 'people',
  method: 'GET',
  path: '/people/:field',
  privilege: 'VIEW',
  kind: 'custom',
  message: 'Failed to get list of users',
  cache: 'none',
  params: peopleParams,
  querystring: peopleQuery,
  reply: listOf(personToPick),
} as const;
