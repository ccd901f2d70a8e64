/**
 * Which text a failed call shows (document 2 §8): the server's message when it sent one, otherwise the
 * module's default; modules listed in `fixedMessages` always show their fixed text; duplicates (code 11000)
 * show the module's duplicate message with the duplicated field.
 */
import type { ErrorPayload } from '../api/http';
import type { ExtraCall, ModuleDef, Op } from '../contract/modules/define';

export const DUPLICATE_KEY_CODE = 11000;

export function isDuplicate(error: ErrorPayload): boolean {
  return Number(error.code) === DUPLICATE_KEY_CODE;
}

/** The first key of keyValue names the duplicated field. */
export function duplicateField(error: ErrorPayload): string {
  return Object.keys(error.keyValue ?? {})[0] ?? 'value';
}

/** Messages to show, in order: one for most failures, two for "Duplicate {field} Field…" style duplicates. */
export function failureMessages(def: ModuleDef, target: Op | ExtraCall, error: ErrorPayload): string[] {
  const isOp = typeof target === 'string';
  const fallback = isOp ? def.messages[target] : target.message;
  if (isOp && def.fixedMessages?.includes(target)) return [fallback];
  const generic = error.message ?? fallback;
  const template = def.messages.duplicate;
  const writes = isOp ? target === 'create' || target === 'update' : target.method !== 'GET';
  if (writes && template && isDuplicate(error)) {
    // Templates naming the field (sensor instance, service provider) are followed by the generic message.
    if (template.includes('{field}')) return [template.replace('{field}', duplicateField(error)), generic];
    return [template];
  }
  return [generic];
}
