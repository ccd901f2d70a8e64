/**
 * Sign-in (/auth/login-2 and /auth/login): email and password with their own checks, the server's
 * message when it refuses, and a progress state on the button while the session signs in. Success moves
 * the session to authenticated, and the auth area's redirect takes the person to /app/home.
 */
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'wouter';
import { takeEarlySubmit } from '../../../contract/prerenderedPages';
import { useLocale, useT } from '../../../i18n';
import { wordMessage } from '../../../i18n/messageWords';
import { rateLimitWords } from '../../kit/rateLimitWords';
import { selectIsSigningIn, selectSignInError, useSession, useSessionEvents } from '../../../machines/SessionProvider';
import { PasswordInput, TextInput } from '../../kit/TextInput';
import { AuthLayout } from './AuthLayout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Field = 'email' | 'password';

/*
 * Two fields, checked as they change and again on submit, with plain state: the first page a person sees
 * does not load a form library for them (issue 18's sign-in budget).
 */

export function LoginScreen() {
  const t = useT();
  const locale = useLocale();
  const signingIn = useSession(selectIsSigningIn);
  const serverError = useSession(selectSignInError);
  const { signIn } = useSessionEvents();
  const [attempted, setAttempted] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const fields = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const send = (typed: Record<Field, string>) => {
    const found = { email: check.email(typed.email), password: check.password(typed.password) };
    setErrors(found);
    if (found.email || found.password) return setAttempted(true);
    signIn(typed.email.trim(), typed.password);
  };
  // The page's HTML carries the form (contract/prerenderedPages.ts) and the person may type, or even submit, before
  // the scripts have come; a password manager may fill it as the page loads. Hydration keeps what the fields hold;
  // the form takes it, and sends it if it was submitted meanwhile (the page's check held that submission back).
  useEffect(() => {
    const filled = { email: fields.email.current?.value ?? '', password: fields.password.current?.value ?? '' };
    if (filled.email || filled.password) setValues((current) => ({ email: current.email || filled.email, password: current.password || filled.password }));
    if (takeEarlySubmit()) send(filled);
    // Once, on mount: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const check: Record<Field, (v: string) => string | undefined> = {
    email: (v) => (!v.trim() ? t('login.emailRequired') : EMAIL.test(v.trim()) ? undefined : t('login.emailInvalid')),
    password: (v) => (v ? undefined : t('login.passwordRequired')),
  };
  const inputProps = (field: Field) => ({
    ref: fields[field],
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: check[field](value) }));
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(values);
  };

  return (
    <AuthLayout>
      <Stack gap={4}>
        <Title order={2}>{t('login.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('login.title')}>
        <Stack gap="md">
          {serverError && !signingIn && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('login.failed')} role="alert">
              {serverError.limit ? rateLimitWords(t, serverError.limit) : ((serverError.words ? wordMessage(t, locale, serverError.words) : undefined) ?? serverError.message)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            placeholder={t('login.emailPlaceholder')}
            type="email"
            autoComplete="username"
            required
            touched={attempted}
            disabled={signingIn}
            {...inputProps('email')}
          />
          <PasswordInput
            label={t('login.password')}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            required
            touched={attempted}
            disabled={signingIn}
            {...inputProps('password')}
          />
          <Button type="submit" fullWidth loading={signingIn} loaderProps={{ type: 'dots' }}>
            {signingIn ? t('login.signingIn') : t('login.submit')}
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} href="/auth/subscription-request">
              {t('login.requestSubscription')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
