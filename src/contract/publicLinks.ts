/**
 * The pages of /public/* (document 1 §2) as the session sees them: which page a route opens, the input
 * its actor gets from the link's query, and the id (= systemId) of that actor. Pure and small: the entry
 * carries it (the session reads links with it), and the server reads a proposal link with it too.
 */

export interface PublicProposalInput {
  token: string;
  /** `acbS`: the proposal status when the link was made. */
  linkStatus: string | null;
  /** `zyxP`. */
  proposalId: string;
}

const filled = (value: string | null): value is string => value !== null && value.trim() !== '';

/** The page's input from its link's query (token, acbS, zyxP), or null when the link misses one it needs. */
export function publicProposalInputOf(query: URLSearchParams): PublicProposalInput | null {
  const token = query.get('token');
  const proposalId = query.get('zyxP');
  if (!filled(token) || !filled(proposalId)) return null;
  return { token, linkStatus: query.get('acbS'), proposalId };
}

export interface SubscriberDetailsInput {
  token: string;
  requestId: string;
}

/** The page's input from its link's query (token, acbS = the request id), or null when one is missing. */
export function subscriberDetailsInputOf(query: URLSearchParams): SubscriberDetailsInput | null {
  const token = query.get('token');
  const requestId = query.get('acbS');
  return filled(token) && filled(requestId) ? { token, requestId } : null;
}

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
