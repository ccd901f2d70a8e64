/**
 * The strength half of the password rule (`passwordPolicy.ts`): zxcvbn (`@zxcvbn-ts/core`) with its language-neutral
 * lists (`@zxcvbn-ts/language-common`: about 30,000 common passwords, diceware words, keyboard layouts). Pure and
 * isomorphic: the server checks every password it stores with it, and the client loads it with the password forms
 * (a dynamic import, as the scorer's lists weigh a few hundred kilobytes) to say so before sending.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_SCORE, passwordLengthProblem, type PasswordProblem } from './passwordPolicy';

let scorer: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  scorer ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: PASSWORD_MAX_LENGTH });
  return scorer;
}

/** zxcvbn's score (0–4) of a password, counting the person's own words (`personalWords`) as guessed early. */
export function passwordScore(password: string, personal: readonly string[] = []): number {
  return zxcvbn().check(password, [...personal]).score;
}

/** What is wrong with a password under the whole rule, or undefined when it passes. */
export function passwordProblem(password: string, personal: readonly string[] = []): PasswordProblem | undefined {
  return passwordLengthProblem(password) ?? (passwordScore(password, personal) < PASSWORD_MIN_SCORE ? 'guessable' : undefined);
}
