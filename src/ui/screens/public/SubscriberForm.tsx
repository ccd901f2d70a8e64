/**
 * The subscriber details form (document 1 §2 and §5): company name read-only, GST number, number of users,
 * address, the two read-only checkboxes opened through links, Submit Request and the contact line. Every
 * value, message and the button's state come from the machine.
 */
import { Anchor, Button, Stack, Text, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useT } from '../../../i18n';
import { canSubmit, errorsOf, type EditableField, type SubscriberDetailsActorRef } from '../../../machines/flows/subscriberDetails';
import { TextInput } from '../../kit/TextInput';
import { AcceptanceCheckbox, TextModal } from './TextModal';
import { useSubscriberEvents } from './subscriberEvents';
import { sayRule } from './subscriberWords';

/** Where prospects write with questions (the spec leaves the address out). */
export const SALES_CONTACT = 'sales@fieldops.example';

/** The contact-us line in the person's language, the address a mail link wherever the language puts it. */
export function ContactLine() {
  const t = useT();
  const mark = '\u0000';
  const [before, after = ''] = t('publicSubscriber.contact', { email: mark }).split(mark);
  return (
    <Text size="sm" c="dimmed" ta="center">
      {before}
      <Anchor href={`mailto:${SALES_CONTACT}`}>{SALES_CONTACT}</Anchor>
      {after}
    </Text>
  );
}

export function SubscriberForm({ actor }: { actor: SubscriberDetailsActorRef }) {
  const t = useT();
  const events = useSubscriberEvents(actor);
  const context = useSelector(actor, (s) => s.context);
  const submitting = useSelector(actor, (s) => s.matches({ form: { submission: 'submitting' } }));
  const modal = useSelector(actor, (s) => (s.matches({ form: { modal: 'terms' } }) ? 'terms' : s.matches({ form: { modal: 'privacy' } }) ? 'privacy' : null));
  const errors = errorsOf(context, sayRule(t));
  const label = (field: 'companyName' | EditableField) => t(`publicSubscriber.rules.labels.${field}`);
  const field = (name: EditableField) => ({
    value: context.values[name],
    onChange: (event: { currentTarget: { value: string } }) => events.change(name, name === 'gstNo' ? event.currentTarget.value.toUpperCase() : event.currentTarget.value),
    onBlur: () => events.blur(name),
    error: errors[name],
    touched: context.touched[name],
    required: true,
    disabled: submitting,
  });
  const addressShown = context.touched.address && errors.address;
  return (
    <form
      noValidate
      aria-label={t('publicSubscriber.title')}
      onSubmit={(event) => {
        event.preventDefault();
        events.submit();
      }}
    >
      <Stack gap="sm">
        <TextInput label={label('companyName')} value={context.values.companyName} readOnly required variant="filled" />
        <TextInput label={label('gstNo')} maxLength={15} autoComplete="off" {...field('gstNo')} />
        <TextInput label={label('companyTeamSize')} inputMode="decimal" {...field('companyTeamSize')} />
        <Textarea
          label={label('address')}
          placeholder={t('publicSubscriber.addressPlaceholder')}
          withAsterisk
          autosize
          minRows={2}
          value={context.values.address}
          disabled={submitting}
          onChange={(event) => events.change('address', event.currentTarget.value)}
          onBlur={() => events.blur('address')}
          error={addressShown ? errors.address : undefined}
          styles={addressShown ? { label: { color: 'var(--mantine-color-error)' } } : undefined}
        />
        <AcceptanceCheckbox label={t('publicSubscriber.terms')} checked={context.acceptance.termsAndConditions} onOpen={events.openTerms} />
        <AcceptanceCheckbox label={t('publicSubscriber.privacy')} checked={context.acceptance.privacyPolicy} onOpen={events.openPrivacy} />
        {context.touched.acceptance && errors.acceptance && (
          <Text c="red" size="sm" role="alert">
            {errors.acceptance}
          </Text>
        )}
        <Button type="submit" fullWidth mt="xs" disabled={!canSubmit(context)} loading={submitting}>
          {t('publicSubscriber.submit')}
        </Button>
        <ContactLine />
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
