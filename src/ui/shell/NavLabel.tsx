import type { NavEntry } from './menuModel';
import { useT } from '../../i18n';

/** A server entry's title as sent, a fallback entry's text in the person's language. */
export function useNavLabel(): (entry: NavEntry) => string {
  const t = useT();
  return (entry) => entry.label ?? (entry.labelKey ? t(entry.labelKey) : entry.key);
}
