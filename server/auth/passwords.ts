/** Password hashing (argon2id via @node-rs/argon2) and the password rule (`src/contract/passwordPolicy.ts`). */
import { hash, verify } from '@node-rs/argon2';
import { personalWords } from '../../src/contract/passwordPolicy';
import { passwordProblem } from '../../src/contract/passwordStrength';

export { PASSWORD_RULE_MESSAGE } from '../../src/contract/passwordPolicy';

/** At least 10 characters and hard to guess, the person's e-mail and name counted as guessed early. */
export function passwordFollowsRule(password: string, person: { email?: unknown; name?: unknown } = {}): boolean {
  return passwordProblem(password, personalWords(person.email, person.name)) === undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throw-away password: verifying against it when the account does not exist costs the
 * same time as a real check, so response times do not reveal which e-mails have accounts.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy-password-never-valid!1');
  return decoy;
}
