/**
 * /auth/subscription-request: a prospective subscriber's request (spec document 1 §2), with the spec's
 * labels and messages. Sending is the subscription flow's; the screen shows its progress, the server's
 * message on success or failure, and the form again after a failure.
 */
import { Alert, Anchor, Button, Checkbox, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import { TextInput } from '../../kit/TextInput';
import { AuthLayout } from './AuthLayout';
import {
  SUBSCRIPTION_FAILED,
  SUBSCRIPTION_LABELS as L,
  subscriptionRequestMachine,
  validateSubscriptionRequest,
  type SubscriptionRequestValues,
} from './subscriptionRequestFlow';

const EMPTY: SubscriptionRequestValues = { companyName: '', gstNo: '', address: '', companyTeamSize: '', termsAndConditions: false, privacyPolicy: false };

export function SubscriptionRequestScreen() {
  const t = useT();
  const [state, send] = useMachine(subscriptionRequestMachine);
  const [values, setValues] = useState<SubscriptionRequestValues>(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [touchedAddress, setTouchedAddress] = useState(false);
  const errors = validateSubscriptionRequest(values);
  const sending = state.matches('sending');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    send({ type: 'subscription.submit', values });
  };
  const text = (name: 'companyName' | 'gstNo' | 'companyTeamSize') => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: name === 'gstNo' ? e.currentTarget.value.toUpperCase() : e.currentTarget.value }),
    error: errors[name],
    touched: attempted,
    required: true,
    disabled: sending,
  });

  if (state.matches('sent')) {
    return (
      <AuthLayout>
        <Alert color="green" icon={<IconCircleCheck size={20} />} title={t('subscription.sent')} role="status">
          {state.context.message}
        </Alert>
        <Anchor component={Link} href="/auth/login-2">
          {t('subscription.backToLogin')}
        </Anchor>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack gap={4}>
        <Title order={2}>{t('subscription.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('subscription.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={t('subscription.title')}>
        <Stack gap="sm">
          {state.context.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {state.context.error.message ?? SUBSCRIPTION_FAILED}
            </Alert>
          )}
          <TextInput label={L.companyName} {...text('companyName')} />
          <TextInput label={L.gstNo} maxLength={15} {...text('gstNo')} />
          <Textarea
            label={L.address}
            placeholder={L.addressPlaceholder}
            withAsterisk
            autosize
            minRows={2}
            value={values.address}
            disabled={sending}
            onBlur={() => setTouchedAddress(true)}
            onChange={(e) => setValues({ ...values, address: e.currentTarget.value })}
            error={(attempted || touchedAddress) && errors.address ? errors.address : undefined}
            styles={(attempted || touchedAddress) && errors.address ? { label: { color: 'var(--mantine-color-error)' } } : undefined}
          />
          <TextInput label={L.companyTeamSize} inputMode="decimal" {...text('companyTeamSize')} />
          <Checkbox label={L.termsAndConditions} checked={values.termsAndConditions} disabled={sending} onChange={(e) => setValues({ ...values, termsAndConditions: e.currentTarget.checked })} />
          <Checkbox label={L.privacyPolicy} checked={values.privacyPolicy} disabled={sending} onChange={(e) => setValues({ ...values, privacyPolicy: e.currentTarget.checked })} />
          {attempted && errors.agreements && (
            <Text c="red" size="sm" role="alert">
              {errors.agreements}
            </Text>
          )}
          <Button type="submit" loading={sending} fullWidth mt="xs">
            {L.submit}
          </Button>
          <Anchor component={Link} href="/auth/login-2" size="sm" ta="center">
            {t('subscription.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
