/**
 * The base paths of the calls the public pages and the platform texts make (document 2 §7). Plain constants,
 * apart from their declarations (publicShapes.ts, with zod), so that those pages share them without loading zod.
 */
export const PUBLIC_PROPOSAL_PATH = '/api/public/business-proposal';
export const PUBLIC_REQUEST_PATH = '/api/public/public-subscription-request';
export const TEXTS_PATH = '/api/public/public-terms-and-conditions';
export const PLATFORM_TEXTS_PATH = '/api/saas/platform-texts';

/** Where a leaving proposal page sends its time by beacon (issue 33): plain text with the link's token, no headers. */
export const VIEW_TIME_BEACON_PATH = `${PUBLIC_PROPOSAL_PATH}/viewTimeBeacon`;
