/**
 * The validation messages' English (issue 34): the contract's own (src/contract/validationMessages.ts), which the
 * server answers and the spec quotes, added to the dictionary with the signed-in screens (addEnglish). fr, zh and ja
 * say the same keys beside this file; a field's label comes in as {{label}}, already in the person's language.
 */
import { VALIDATION_ENGLISH, type ValidationKey } from '../../contract/validationMessages';

export type ValidationTexts = Record<ValidationKey, string>;

export const validationEn: ValidationTexts = VALIDATION_ENGLISH;
