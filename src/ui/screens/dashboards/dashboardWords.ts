/**
 * The dashboards' English, merged into the dictionary when a dashboard loads (imported for this effect by each
 * screen that shows its words), so the first pages do not carry it; zh, fr and ja carry theirs in their
 * dictionaries. And the words of the figures' keys (issue 34): a count's key is a stored value (a status, a
 * priority, a ticket's type, a lead's stage, all the catalogue's choices) or an ageing bucket, never shown as it is.
 */
import { useMemo } from 'react';
import { AGEING_BUCKETS, type AgeingBucket } from '../../../contract/dashboardShapes';
import { addEnglish, useT, type TKey } from '../../../i18n';
import { dashboardsEn } from '../../../i18n/dashboards/en';
import { catalogueWords } from '../module/catalogueWords';
import { ticketKindText } from '../tickets/ticketWords';

addEnglish({ dash: dashboardsEn });

const AGE_WORDS: Record<AgeingBucket, TKey> = {
  '< 1 day': 'dash.ageUnderADay',
  '1–3 days': 'dash.age1To3Days',
  '3–7 days': 'dash.age3To7Days',
  '7–30 days': 'dash.age7To30Days',
  '> 30 days': 'dash.ageOver30Days',
};

const isAgeingBucket = (key: string): key is AgeingBucket => (AGEING_BUCKETS as readonly string[]).includes(key);

/** How a figure's key reads (../chartData.ts takes one of these for every chart and list of figures). */
export type KeyWords = (key: string) => string;

export interface FigureWords {
  /** A stored choice: a status, a priority, a stage, a severity ('In Progress' → 対応中); other text as it is. */
  choice: KeyWords;
  /** A ticket's type, or a generic ticket's "Generic". */
  ticketKind: KeyWords;
  /** An ageing bucket of ticketKpi ("< 1 day"). */
  age: KeyWords;
}

export function useFigureWords(): FigureWords {
  const t = useT();
  return useMemo(() => {
    const words = catalogueWords(t);
    return {
      choice: words.choice,
      ticketKind: (kind) => ticketKindText(kind, t, words),
      age: (key) => (isAgeingBucket(key) ? t(AGE_WORDS[key]) : key),
    };
  }, [t]);
}
