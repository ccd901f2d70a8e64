/**
 * Change password (spec document 1 §5): current, new and confirm, with the spec's messages from the
 * flow's own schema, shown on a field once it is touched and on every field after a submit attempt.
 * The flow (owned by the session) validates again, calls the server and notifies the outcome (the
 * server's message on failure); the modal around this form closes when the flow has succeeded.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n';
import { validateChangePassword, type ChangePasswordValues } from '../../../machines/flows/changePassword';
import { selectUser, useChangePasswordActor, useChangePasswordEvents, useSession } from '../../../machines/SessionProvider';
import { PasswordInput } from '../../kit/TextInput';
import { usePasswordCheck } from '../../kit/usePasswordCheck';
import { selectPhase } from './changePasswordPhase';
import { useSay } from '../../kit/sayings';

export type { ChangePasswordPhase } from './changePasswordPhase';

const EMPTY: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ onCancel }: { onCancel?: () => void }) {
  const t = useT();
  const say = useSay();
  const actor = useChangePasswordActor();
  const events = useChangePasswordEvents(actor);
  const phase = useSelector(actor, selectPhase);
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [attempted, setAttempted] = useState(false);

  const user = useSession(selectUser);
  const passwordCheck = usePasswordCheck();

  // The flow's own rules and the strength check, applied as the person types; the kit input shows a message once
  // touched. A password the scorer finds guessable is not sent: the server would refuse it with the same rule.
  const guessable = passwordCheck(values.newPassword, user ?? {}) === 'guessable';
  const errors = validateChangePassword(values, guessable);
  const submitting = phase === 'submitting';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!guessable) events.submit(values);
  };
  const field = (name: keyof ChangePasswordValues) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.currentTarget.value }),
    // The rule's words are the product's own (not the spec's), so they are shown in the reader's language; the
    // field's description says the whole rule, the error points to it.
    // The spec's messages (Enter current password, Passwords must match) are the dictionary's English.
    error: name === 'newPassword' && errors.newPassword ? t('changePassword.ruleBroken') : say(errors[name]),
    touched: attempted,
    required: true,
    disabled: submitting,
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('changePassword.title')}>
      <Stack gap="sm">
        <PasswordInput label={t('changePassword.current')} autoComplete="current-password" {...field('oldPassword')} />
        <PasswordInput label={t('changePassword.next')} autoComplete="new-password" description={t('changePassword.rule')} {...field('newPassword')} />
        <PasswordInput label={t('changePassword.confirm')} autoComplete="new-password" {...field('confirmPassword')} />
        <Group justify="flex-end" mt="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('changePassword.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
