/** Password hashing (argon2id via @node-rs/argon2) and the spec's password rule (document 1 §5). */
import { hash, verify } from '@node-rs/argon2';

/** 8–20 characters from letters, digits and ! @ # $ % ^ & *, with at least one digit and one special. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[!@#$%^&*])[A-Za-z\d!@#$%^&*]{8,20}$/;
/** The spec's message for the rule, quoted exactly. */
export const PASSWORD_RULE_MESSAGE = 'Password must contain at least one lowercase letter, uppercase letter, number, and special character.';

export function passwordFollowsRule(password: string): boolean {
  return PASSWORD_RULE.test(password);
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
