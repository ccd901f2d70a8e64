/**
 * The whole password rule for a form: the length at once, the strength (zxcvbn) as soon as its scorer has loaded.
 * The scorer and its lists are a chunk of their own, brought when a password form opens, never with the shell.
 */
import { useEffect, useState } from 'react';
import { passwordLengthProblem, personalWords, type PasswordProblem } from '../../contract/passwordPolicy';

type Scorer = typeof import('../../contract/passwordStrength');

let loaded: Scorer | undefined;
let last: { key: string; problem: PasswordProblem | undefined } | undefined;

export function usePasswordCheck(): (password: string, person?: { email?: unknown; name?: unknown }) => PasswordProblem | undefined {
  const [scorer, setScorer] = useState<Scorer | undefined>(loaded);
  useEffect(() => {
    if (scorer) return;
    let live = true;
    void import('../../contract/passwordStrength').then((module) => {
      loaded = module;
      if (live) setScorer(module);
    });
    return () => {
      live = false;
    };
  }, [scorer]);
  return (password, person = {}) => {
    if (!scorer) return passwordLengthProblem(password);
    // A form validates every field on each keystroke: score a password once, not once per keystroke anywhere.
    const key = JSON.stringify([password, person.email, person.name]);
    if (last?.key !== key) last = { key, problem: scorer.passwordProblem(password, personalWords(person.email, person.name)) };
    return last.problem;
  };
}
