/**
 * A step as a sentence a person reads (issue 37): "the accounts approver rejects it giving the reason "Amount
 * does not match the PO"". Built from the button's words: its first word is the verb, the rest what it is done
 * to ("Cancel invoice": cancels the invoice) or how ("Submit for approval": submits it for approval).
 */
import type { TesterStep } from './steps';

const PREPOSITIONS = new Set(['for', 'to', 'on', 'as', 'back', 'into', 'from']);
const STATES = new Set(['won', 'lost', 'done', 'expired']);

/** "reject" → "rejects", "finish" → "finishes", "copy" → "copies". */
export function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function action(label: string): string {
  const [first = '', ...rest] = label.split(' ');
  const verb = first.toLowerCase();
  if (verb === 'back') return `moves it back ${rest.join(' ')}`.trim();
  const object = rest.join(' ');
  if (!object) return `${thirdPerson(verb)} it`;
  if (PREPOSITIONS.has((rest[0] ?? '').toLowerCase()) || STATES.has(object.toLowerCase())) return `${thirdPerson(verb)} it ${object}`;
  if (object === 'everything') return `${thirdPerson(verb)} everything`;
  return `${thirdPerson(verb)} ${/^(the|a|an) /i.test(object) ? object : `the ${object}`}`;
}

/** What a person calls the data: "the reason", "the note", "the engineer" (from "Choose the engineer"). */
function dataWord(field: string, rule: string): string {
  if (/Reason$/.test(field) || /\breason\b/i.test(rule)) return 'reason';
  if (/Note$/.test(field)) return 'note';
  if (/Remarks$/.test(field)) return 'remarks';
  const chosen = /Choose the (\w+)/.exec(rule);
  if (chosen) return chosen[1] as string;
  return field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** How the data is given: "giving the reason "…"", required first; optional data is not said. */
function giving(step: TesterStep): string {
  const required = step.data.filter((d) => d.required);
  if (required.length === 0) return '';
  const named = required.map((d) => `the ${dataWord(d.field, d.rule)} ${JSON.stringify(d.example)}`);
  return ` giving ${named.join(' and ')}`;
}

/** The step as a sentence, without its keyword ("the accounts clerk submits it for approval"). */
export function stepSentence(step: TesterStep): string {
  const who = step.actor?.words ?? 'the machine';
  if (step.actor?.kind === 'user') return `${who} sends "${step.event}"`;
  if (step.actor?.kind === 'scheduler') return `${who} finds it "${step.label}"`;
  if (step.actor?.kind === 'customer') {
    const words = step.label.replace(/ by the (customer|prospect)$/, '').toLowerCase();
    return `${who} ${words === 'viewed' ? 'views it' : words === 'accepted' ? 'accepts it' : words === 'rejected' ? 'rejects it' : words === 'confirmed' ? 'confirms it' : `takes "${step.label}"`}${giving(step)}`;
  }
  return `${who} ${action(step.label)}${giving(step)}`;
}
