/**
 * The words of the test-path explorer's machines: a lifecycle by its modules' titles, its states as the lists show
 * its statuses and its events by their step names; a workflow by what it runs, its states and events by their ids in
 * the code (what the exports and `npm run paths` call them).
 */
import { catalogue } from '../../../contract/modules';
import type { TKey, Translate } from '../../../i18n';
import type { PathMachine } from '../../../machines/paths/machines';
import type { CatalogueWords } from '../module/catalogueWords';
import { stepName } from '../module/stepName';

/**
 * How the explorer names a machine's states and events: a lifecycle's in the product's words (its statuses as the
 * lists show them, its events by their step names), a workflow's by their ids in the code (what the exports and
 * `npm run paths` name them).
 */
export interface MachineWords {
  /** Whether states and events are ids of the code, shown as code. */
  code: boolean;
  state: (state: string) => string;
  event: (event: string) => string;
}

export function machineWords(t: Translate, words: CatalogueWords, source: PathMachine): MachineWords {
  const [lifecycle] = source.lifecycles;
  if (source.kind !== 'lifecycle' || !lifecycle) return { code: true, state: (s) => s, event: (e) => e };
  return { code: false, state: (s) => words.choice(s), event: (e) => stepName(t, lifecycle, e) };
}

/** A lifecycle by the titles of its modules, a workflow by what it runs; the id first, as the exports name it. */
export function machineName(t: Translate, words: CatalogueWords, source: PathMachine): string {
  if (source.kind === 'workflow') return t(`qa.workflows.${source.id}` as TKey);
  return source.lifecycles
    .map((l) => catalogue.find((def) => def.name === l.module))
    .map((def, i) => (def ? words.module(def) : (source.lifecycles[i]?.module ?? '')))
    .join(', ');
}
