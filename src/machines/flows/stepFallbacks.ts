/**
 * What a step's refusal says when the server said nothing (a lost connection, a proxy's answer): its English and the
 * key of its words in the dictionaries (src/i18n/workflow/), so the notice or the dialog says it in the person's
 * language (issue 34). The record's workflow and the signed step's dialog both fall back on these.
 */
import type { Said } from '../../contract/messageWords';

export const STEP_FAILED: Said = { message: 'The step failed', words: { key: 'workflow.stepFailed' } };
export const RECORD_CHANGED: Said = { message: 'The record changed: read it again', words: { key: 'workflow.recordChanged' } };
