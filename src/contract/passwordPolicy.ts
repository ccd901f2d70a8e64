/**
 * The password rule (issue 35): long enough and hard to guess, nothing about which characters to use (NIST SP 800-63B
 * drops composition rules: `Password@123` follows them and falls to the first guesses). The strength itself is scored
 * by `passwordStrength.ts` (zxcvbn), which is heavy, so this file holds only the figures and the words, and screens
 * that only show the rule need not load the scorer.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any pass-phrase, short enough that scoring stays a few milliseconds. */
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's score from 0 (guessed at once) to 4; 3 means it resists about 10^8 guesses or more. */
export const PASSWORD_MIN_SCORE = 3;

/**
 * What is checked, said once: the server answers it, the forms show it (translated under `changePassword.rule`).
 * It replaces the spec's message, which named upper and lower case though nothing ever checked them.
 */
export const PASSWORD_RULE_MESSAGE =
  'Password must be 10 to 128 characters long and hard to guess: it is checked against common passwords, your name and e-mail, keyboard patterns (qwerty), repeats (aaaa), sequences (1234, abcd) and dates, and must score at least 3 of 4.';

export type PasswordProblem = 'length' | 'guessable';

/** The length part of the rule, cheap enough for every keystroke. */
export function passwordLengthProblem(password: string): PasswordProblem | undefined {
  return password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH ? 'length' : undefined;
}

/**
 * Words of a person (e-mail and its pieces, name) that a password must not lean on: zxcvbn counts a password built
 * from them as guessed early.
 */
export function personalWords(...values: ReadonlyArray<unknown>): string[] {
  const words = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const pieces = value.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((piece) => piece.length >= 3);
    words.add(value.toLowerCase());
    words.add(pieces.join(''));
    for (const piece of pieces) words.add(piece);
  }
  return [...words];
}
