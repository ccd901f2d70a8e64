/**
 * The proposal page's English, merged into the dictionary when the page's chunk loads (it is in that chunk: no request
 * of its own); zh, fr and ja carry theirs in their dictionaries. And the terms table's words through the translator.
 */
import { addEnglish, type Translate } from '../../../i18n';
import { publicProposalEn } from '../../../i18n/publicProposal/en';
import type { SayTerm } from '../../../contract/publicProposalTexts';

addEnglish({ publicProposal: publicProposalEn });

/** The terms table's labels and units in the person's language (termRows' `say`). */
export const sayTerm =
  (t: Translate): SayTerm =>
  (key, values) =>
    t(`publicProposal.terms.${key}`, values);
