/** The handlers of the catalogue calls behind the public pages (a subscription request's link), composed in ../handlers.ts. */
import type { AreaHandlers } from '../call-context';
import { subscriptionRequestHandlers } from './subscription-link';

export const publicHandlers = {
  'subscription-request': subscriptionRequestHandlers,
} satisfies AreaHandlers<'subscription-request'>;
