/**
 * manage-user: the subscriber-user module with several roles per user (a multi-select over the role
 * module) and a password on creation, checked against the product's password rule before it is sent.
 */
import { subscriberUser } from '../../../contract/modules/admin';
import type { PasswordProblem } from '../../../contract/passwordPolicy';
import { useT } from '../../../i18n';
import { usePasswordCheck } from '../../kit/usePasswordCheck';
import { ModuleListScreen } from '../module/ModuleListScreen';
import type { FormErrors, FormValues } from '../module/fieldModel';

/**
 * The server asks for a password on creation and applies the same rule as change password (`check`: the length, and
 * the strength once the scorer has loaded, with the user's e-mail and name counted as guessed early), in the person's
 * language (`texts`).
 */
export function userFormChecks(
  values: FormValues,
  mode: 'create' | 'update',
  check: (password: string, person: { email?: unknown; name?: unknown }) => PasswordProblem | undefined,
  texts: { required: string; rule: string },
): FormErrors {
  const password = typeof values.password === 'string' ? values.password : '';
  if (mode === 'create' && !password) return { password: texts.required };
  if (password && check(password, values)) return { password: texts.rule };
  return {};
}

export function UsersScreen() {
  const t = useT();
  const check = usePasswordCheck();
  return <ModuleListScreen def={subscriberUser} extraValidate={(values, mode) => userFormChecks(values, mode, check, { required: t('login.passwordRequired'), rule: t('changePassword.rule') })} />;
}
