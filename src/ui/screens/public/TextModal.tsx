/**
 * The terms or the privacy policy in a 550 px modal (document 1 §2): read-only rich text, sanitised with
 * DOMPurify although the server already sanitised it on write; with no text, NO DATA FOUND and both
 * buttons disabled. Accept ticks the box, Decline clears it. The box itself is read-only: its label is the
 * link that opens the modal (AcceptanceCheckbox). Used by the subscriber details page and the sign-up page.
 */
import { Anchor, Button, Center, Checkbox, Group, Modal, ScrollArea, Stack, Text, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { hasText } from '../../../contract/subscriberDetailsRules';
import { useT } from '../../../i18n';
import './subscriberWords';

/** Modal width of the terms and privacy texts (document 1 §9). */
export const TEXT_MODAL_WIDTH = 550;

export interface TextModalProps {
  title: string;
  html: string | null;
  onAccept(): void;
  onDecline(): void;
  onClose(): void;
}

export function TextModal({ title, html, onAccept, onDecline, onClose }: TextModalProps) {
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={title} size={TEXT_MODAL_WIDTH} centered closeButtonProps={{ 'aria-label': t('publicSubscriber.close') }}>
      <Stack>
        {hasText(html) ? (
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Typography>
              <div data-testid="text-modal-body" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />
            </Typography>
          </ScrollArea.Autosize>
        ) : (
          <Center py="xl">
            <Text c="dimmed" fw={600}>
              {t('publicSubscriber.noData')}
            </Text>
          </Center>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDecline} disabled={!hasText(html)}>
            {t('publicSubscriber.decline')}
          </Button>
          <Button onClick={onAccept} disabled={!hasText(html)}>
            {t('publicSubscriber.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface AcceptanceCheckboxProps {
  label: string;
  checked: boolean;
  onOpen(): void;
  disabled?: boolean;
}

/** A read-only box ticked only through its text's modal; its label is the link that opens it. */
export function AcceptanceCheckbox({ label, checked, onOpen, disabled = false }: AcceptanceCheckboxProps) {
  return (
    <Checkbox
      readOnly
      checked={checked}
      onChange={() => undefined}
      aria-label={label}
      label={
        <Anchor component="button" type="button" onClick={onOpen} size="sm" disabled={disabled}>
          {label}
        </Anchor>
      }
    />
  );
}
