/** The administration modules' handlers (users, roles, subscribers), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { roleHandlers } from './roles';
import { subscriberHandlers } from './subscribers';
import { subscriberUserHandlers } from './users';

export const adminHandlers = {
  'subscriber-user': subscriberUserHandlers,
  role: roleHandlers,
  subscriber: subscriberHandlers,
} satisfies AreaHandlers<'subscriber-user' | 'role' | 'subscriber'>;
