/** Record ids: 24 hex characters (time-ordered prefix plus randomness), the shape the client already expects. */
import { randomBytes } from 'node:crypto';

export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
