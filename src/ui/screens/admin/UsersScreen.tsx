/**
 * manage-user: the subscriber-user module with several roles per user (a multi-select over the role
 * module) and a password on creation, checked against the product's password rule before it is sent.
 */
import { subscriberUser } from '../../../contract/modules/admin';
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_RULE } from '../../../machines/flows/changePassword';
import { ModuleListScreen } from '../module/ModuleListScreen';
import type { FormErrors, FormValues } from '../module/fieldModel';

export const PASSWORD_REQUIRED = 'Password is required';

/** The server asks for a password on creation and applies the same rule as change password. */
export function userFormChecks(values: FormValues, mode: 'create' | 'update'): FormErrors {
  const password = typeof values.password === 'string' ? values.password : '';
  if (mode === 'create' && !password) return { password: PASSWORD_REQUIRED };
  if (password && !PASSWORD_RULE.test(password)) return { password: CHANGE_PASSWORD_MESSAGES.rule };
  return {};
}

export function UsersScreen() {
  return <ModuleListScreen def={subscriberUser} extraValidate={userFormChecks} />;
}
