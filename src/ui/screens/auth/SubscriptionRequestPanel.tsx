/**
 * The sign-up page's content (document 1 §2 and §5): the form with the spec's labels and messages, the two
 * read-only boxes opened through their texts' modals, or the server's answer once the request is sent.
 * It only subscribes to the `subscriptionRequest` actor and sends it what the person does.
 */
import { Alert, Anchor, Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../i18n';
import { wordMessage } from '../../../i18n/messageWords';
import { SUBSCRIPTION_TEXTS, errorsOf, type SubscriptionRequestActorRef } from '../../../machines/flows/subscriptionRequest';
import type { SubscriberField } from '../../../contract/subscriberDetailsRules';
import { TextInput } from '../../kit/TextInput';
import { AcceptanceCheckbox, TextModal } from '../public/TextModal';
import { sayRule } from '../public/subscriberWords';
import { useSubscriptionRequestEvents } from './subscriptionRequestEvents';

/**
 * The form, or the server's answer once sent. The machine's own English (sent without a message of the server's, or
 * refused without one) is said from the dictionary; a server's own message shows as it wrote it.
 */
export function SubscriptionRequestPanel({ actor }: { actor: SubscriptionRequestActorRef }) {
  const t = useT();
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const message = useSelector(actor, (s) => s.context.message);
  const backToLogin = (
    <Anchor component={Link} href="/auth/login-2" size="sm" ta="center">
      {t('subscription.backToLogin')}
    </Anchor>
  );
  if (sent) {
    return (
      <>
        <Alert color="green" icon={<IconCircleCheck size={20} />} title={t('subscription.sent')} role="status">
          {message === SUBSCRIPTION_TEXTS.sent ? t('publicSubscriber.notices.signUpSent') : message}
        </Alert>
        {backToLogin}
      </>
    );
  }
  return (
    <>
      <Stack gap={4}>
        <Title order={2}>{t('subscription.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('subscription.subtitle')}
        </Text>
      </Stack>
      <SubscriptionRequestForm actor={actor} />
      {backToLogin}
    </>
  );
}

function SubscriptionRequestForm({ actor }: { actor: SubscriptionRequestActorRef }) {
  const t = useT();
  const locale = useLocale();
  const events = useSubscriptionRequestEvents(actor);
  const context = useSelector(actor, (s) => s.context);
  const sending = useSelector(actor, (s) => s.matches({ form: { submission: 'sending' } }));
  const modal = useSelector(actor, (s) => (s.matches({ form: { modal: 'terms' } }) ? 'terms' : s.matches({ form: { modal: 'privacy' } }) ? 'privacy' : null));
  const errors = errorsOf(context, sayRule(t));
  const label = (name: SubscriberField) => t(`publicSubscriber.rules.labels.${name}`);
  const field = (name: Exclude<SubscriberField, 'address'>) => ({
    value: context.values[name],
    onChange: (event: { currentTarget: { value: string } }) => events.change(name, name === 'gstNo' ? event.currentTarget.value.toUpperCase() : event.currentTarget.value),
    onBlur: () => events.blur(name),
    error: errors[name],
    touched: context.touched[name],
    required: true,
    disabled: sending,
  });
  const addressShown = context.touched.address && errors.address;
  return (
    <form
      noValidate
      aria-label={t('subscription.title')}
      onSubmit={(event) => {
        event.preventDefault();
        events.submit();
      }}
    >
      <Stack gap="sm">
        {context.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {(context.error.words ? wordMessage(t, locale, context.error.words) : undefined) ?? context.error.message ?? t('publicSubscriber.notices.signUpFailed')}
          </Alert>
        )}
        <TextInput label={label('companyName')} {...field('companyName')} />
        <TextInput label={label('gstNo')} maxLength={15} autoComplete="off" {...field('gstNo')} />
        <Textarea
          label={label('address')}
          placeholder={t('publicSubscriber.addressPlaceholder')}
          withAsterisk
          autosize
          minRows={2}
          value={context.values.address}
          disabled={sending}
          onChange={(event) => events.change('address', event.currentTarget.value)}
          onBlur={() => events.blur('address')}
          error={addressShown ? errors.address : undefined}
          styles={addressShown ? { label: { color: 'var(--mantine-color-error)' } } : undefined}
        />
        <TextInput label={label('companyTeamSize')} inputMode="decimal" {...field('companyTeamSize')} />
        <AcceptanceCheckbox label={t('publicSubscriber.terms')} checked={context.acceptance.termsAndConditions} onOpen={events.openTerms} disabled={sending} />
        <AcceptanceCheckbox label={t('publicSubscriber.privacy')} checked={context.acceptance.privacyPolicy} onOpen={events.openPrivacy} disabled={sending} />
        {context.touched.acceptance && errors.acceptance && (
          <Text c="red" size="sm" role="alert">
            {errors.acceptance}
          </Text>
        )}
        <Button type="submit" loading={sending} fullWidth mt="xs">
          {t('publicSubscriber.submit')}
        </Button>
      </Stack>
      {modal === 'terms' && (
        <TextModal title={t('publicSubscriber.terms')} html={context.texts.terms?.html ?? null} onAccept={events.accept} onDecline={events.decline} onClose={events.closeModal} />
      )}
      {modal === 'privacy' && (
        <TextModal title={t('publicSubscriber.privacy')} html={context.texts.privacy?.html ?? null} onAccept={events.accept} onDecline={events.decline} onClose={events.closeModal} />
      )}
    </form>
  );
}
