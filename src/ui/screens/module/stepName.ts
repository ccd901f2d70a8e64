/**
 * A lifecycle step's name in the person's language: the dictionary's `steps` section is keyed by the English label
 * the lifecycle declares (src/i18n/steps/en.ts); a step without an entry shows its declared label.
 */
import type { Lifecycle } from '../../../machines/lifecycles/index';
import type { TKey, Translate } from '../../../i18n';

export function stepName(t: Translate, lifecycle: Pick<Lifecycle, 'events'>, event: string): string {
  const label = lifecycle.events[event]?.label ?? event;
  const key = `steps.${label}` as TKey;
  const said = label.includes('.') ? key : t(key);
  return said === key ? label : said;
}
