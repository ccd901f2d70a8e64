/**
 * A ticket's stored values as a person reads them (issue 34): its status, priority and kind are the catalogue's
 * choices, stored in English and worded by the catalogue's dictionaries (../module/catalogueWords.ts); a call view's
 * `Generic` kind (a ticket of the generic module, which has no type) is the ticket words' own. Imported for its
 * effect too: the ticket words' English joins the dictionary with it, wherever a ticket's kind is shown.
 */
import { useMemo } from 'react';
import { GENERIC_TICKET_KIND } from '../../../contract/ticketShapes';
import { addEnglish, useT, type Translate } from '../../../i18n';
import { ticketsEn } from '../../../i18n/tickets/en';
import { catalogueWords, type CatalogueWords } from '../module/catalogueWords';

addEnglish({ tickets: ticketsEn });

/** A ticket's kind: a service ticket's type in the person's language, or "Generic". */
export function ticketKindText(kind: string, t: Translate, words: CatalogueWords = catalogueWords(t)): string {
  return kind === GENERIC_TICKET_KIND ? t('tickets.generic') : words.choice(kind);
}

export interface TicketWords {
  /** A status, a priority, a category: any choice of the catalogue ('In Progress' → 対応中); other text as it is. */
  choice: (value: string) => string;
  kind: (kind: string) => string;
}

export function useTicketWords(): TicketWords {
  const t = useT();
  return useMemo(() => {
    const words = catalogueWords(t);
    return { choice: words.choice, kind: (kind: string) => ticketKindText(kind, t, words) };
  }, [t]);
}
