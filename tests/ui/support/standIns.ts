/**
 * What the generated form and dialog tests share: an API where every module's list answers its one stand-in record
 * (what each picker offers, picked by its name) and every person picker the stand-in person with a load today; what
 * a new record's form must not ask; and the labels a form shows.
 */
import { catalogue, opRoute } from '../../../src/contract/modules';
import { lifecycleOf } from '../../../src/machines/lifecycles/index';
import { fixedValues } from '../../../src/ui/routeModules';
import { referenceRecord, type CreateScreen } from '../../support/formFill';
import { apiFor, storePreviousVisit, type Account } from './renderApp';

/** A returning visit of `account`, on an API where every list answers its stand-in record (see above). */
export function standInApi(account: Account) {
  storePreviousVisit(account);
  const api = apiFor([account]);
  for (const def of catalogue) {
    const list = opRoute(def, 'list');
    api.on(list.method, def.path + list.path, { body: { data: [referenceRecord(def.name)], total: 1 } });
    // A person picker asks the module who may do the work (issue 39): the stand-in person, with their load.
    if (def.people) {
      const person = referenceRecord('subscriber-user');
      api.on('GET', `${def.path}/people/:field`, { body: { data: [{ _id: person._id, name: person.name, openTickets: 2, visitsToday: 1 }], total: 1 } });
    }
  }
  return api;
}

/**
 * What a new record's form must not ask (issue 39 item 1), read from the lifecycle index and the route, not from the
 * form's own rule: every step's data (asked in its dialog), stamps and status, the fields of the work after the record
 * exists (`later`), the server's fields, and the screen's fixed values (a Breakdown ticket's type).
 */
export function notOnNewForm(target: CreateScreen): Set<string> {
  const lifecycle = lifecycleOf(target.def.name);
  const steps = Object.values(lifecycle?.events ?? {}).flatMap((e) => [...Object.keys(e.requires ?? {}), ...(e.keeps ?? []), ...(e.signatures ?? []), ...(e.stamps ? [e.stamps.by, e.stamps.at] : [])]);
  return new Set([
    ...steps.filter((f) => !lifecycle?.createWith?.includes(f)),
    ...(lifecycle ? [lifecycle.statusField, ...(lifecycle.later ?? [])] : []),
    ...(target.def.serverFields ?? []),
    ...Object.keys(fixedValues(target.filter)),
  ]);
}

/** The labels of the inputs a form or dialog shows (a document's line cells aside), without the required mark. */
export function shownLabels(scope: HTMLElement): string[] {
  return [...scope.querySelectorAll('label')].filter((l) => !l.closest('[data-testid$="-line"]')).map((l) => (l.textContent ?? '').replace(/\s*\*\s*$/, '').trim());
}
