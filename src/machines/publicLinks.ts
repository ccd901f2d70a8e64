/**
 * The pages of /public/* (document 1 §2) as the session sees them: which page a route opens, the input
 * its actor gets from the link's query, and the id (= systemId) of that actor.
 */
import { publicProposalInputOf, type PublicProposalInput } from './flows/publicProposalTerms';
import { subscriberDetailsInputOf, type SubscriberDetailsInput } from './flows/subscriberDetailsRules';

/** The pages of /public/*, which clients open from a link without signing in. */
export type PublicPageName = 'businessProposal' | 'subscriberDetails';

/** An open public page with its actor's input, read from the link. */
export type PublicLink =
  | { page: 'businessProposal'; input: PublicProposalInput }
  | { page: 'subscriberDetails'; input: SubscriberDetailsInput };

/** Id and systemId of each public page's actor. */
export const PUBLIC_ACTOR_IDS = { businessProposal: 'publicProposal', subscriberDetails: 'subscriberDetails' } as const;

/** The link a page's query opens, or null when the query misses a parameter the page needs. */
export function publicLinkOf(page: PublicPageName, query: string): PublicLink | null {
  const params = new URLSearchParams(query);
  if (page === 'businessProposal') {
    const input = publicProposalInputOf(params);
    return input && { page, input };
  }
  const input = subscriberDetailsInputOf(params);
  return input && { page, input };
}

/** Both are the same page opened with the same link. */
export const sameLink = (a: PublicLink | null, b: PublicLink | null): boolean => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
