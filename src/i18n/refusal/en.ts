/**
 * The server's refusals' English (issue 34): the contract's own (src/contract/refusalMessages.ts), which the server
 * answers, added to the dictionary with the signed-in screens (addEnglish). fr, zh and ja say the same keys beside
 * this file; their values come in already in the person's language (src/i18n/messageWords.ts).
 */
import { REFUSAL_ENGLISH, type RefusalKey } from '../../contract/refusalMessages';

export type RefusalTexts = Record<RefusalKey, string>;

export const refusalEn: RefusalTexts = REFUSAL_ENGLISH;
