/**
 * Which errors mean "the database cannot be reached right now" (as opposed to a bad query): these answer
 * 503 and make the server check the database at once, instead of a 500 that would look like a bug.
 */
import { isPgError } from './pool';

/** Socket-level failures reaching PostgreSQL. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown (also pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, recovering), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** What node-postgres and its pool say when a connection dies or cannot be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Socket codes first: EPIPE has the shape of a SQLSTATE.
  const code = (error as NodeJS.ErrnoException).code;
  if (code && SOCKET_CODES.has(code)) return true;
  if (isPgError(error)) return UNAVAILABLE_STATES.test(error.code);
  if (DRIVER_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // AggregateError from a connect that tried several addresses (IPv4 and IPv6), all refused.
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return false;
}
