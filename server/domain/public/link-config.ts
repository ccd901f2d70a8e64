/**
 * Where public links point and how long they live. The origin comes from PUBLIC_URL (config.publicUrl),
 * which the public routes plugin puts on the Fastify instance so catalogue call handlers can read it.
 */
import type { FastifyRequest } from 'fastify';
import { addDays } from '../records';

declare module 'fastify' {
  interface FastifyInstance {
    /** Origin used in links handed to people outside the product (PUBLIC_URL). */
    publicUrl: string;
  }
}

/**
 * A proposal link stays usable for this many days after the proposal's validity ends, so a customer who
 * opens it a little late still sees the proposal and the "Proposal Validatiy Expired on …" notice instead
 * of a dead link; after that the token itself is refused (410).
 */
export const PROPOSAL_LINK_GRACE_DAYS = 7;

/** Subscriber-details links have no validity date of their own: two weeks to fill the form in. */
export const SUBSCRIPTION_LINK_DAYS = 14;

/** The origin of public links for this app instance. */
export function publicOrigin(request: FastifyRequest): string {
  const origin = request.server.publicUrl;
  if (!origin) throw new Error('PUBLIC_URL is not configured: the public routes plugin is not registered');
  return origin;
}

/** The end of the proposal's validity day in India, plus the grace period. */
export function proposalLinkExpiry(proposalValidity: string): Date {
  return new Date(`${addDays(proposalValidity, 1 + PROPOSAL_LINK_GRACE_DAYS)}T00:00:00+05:30`);
}

export function subscriptionLinkExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + SUBSCRIPTION_LINK_DAYS * 24 * 3_600_000);
}
