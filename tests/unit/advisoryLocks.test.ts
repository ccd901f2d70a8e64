/** No two advisory locks share a key: a shared key makes one kind of work wait on another for as long as it runs. */
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../server/db/advisory-locks';

describe('advisory lock keys', () => {
  it('are distinct', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
