/**
 * "E-mail invoice" on a Final invoice (issue 14, item 1): the invoice's invoice-email call sends its PDF through the
 * server's mail relay and records the dispatch on the invoice (`emailLog`). A server without a relay answers 503
 * with its reason, which the dialog shows as it is: nothing is reported sent that was not.
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../api/notify';
import { useT } from '../../../i18n';
import { TextInput } from '../../kit/TextInput';
import { useCallSlot, useResource, useSucceeded } from '../../data/resources';
import { useSay } from '../../kit/sayings';

const CALL = 'invoiceEmail';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function EmailDialog({ id, invoiceName, onClose }: { id: string; invoiceName: string; onClose: () => void }) {
  const t = useT();
  const say = useSay();
  const { intents } = useResource('invoice');
  const sending = useCallSlot('invoice', CALL);
  const [to, setTo] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState(false);
  const invalid = !EMAIL.test(to.trim());

  useSucceeded(sent, sending, () => {
    notify({ message: t('billing.emailSent', { invoice: invoiceName, to: to.trim() }), color: 'green' });
    onClose();
  });

  const send = () => {
    setAttempted(true);
    if (invalid) return;
    setSent(true);
    intents.call(CALL, { body: { id, to: to.trim() } });
  };

  return (
    <Modal opened onClose={onClose} title={t('billing.emailTitle', { invoice: invoiceName })}>
      <Stack gap="sm">
        <TextInput label={t('billing.emailTo')} type="email" required touched={attempted} value={to} onChange={(e) => setTo(e.currentTarget.value)}
          error={invalid ? t('billing.emailInvalid') : undefined} />
        {sent && sending.error && (
          <Alert color="red" role="alert">
            {say(sending.error) ?? ''}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending.loading}>
            {t('billing.cancel')}
          </Button>
          <Button leftSection={<IconMail size={16} />} onClick={send} loading={sending.loading}>
            {t('billing.emailSend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function EmailInvoiceButton({ id, invoiceName }: { id: string; invoiceName: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => setOpened(true)}>
        {t('billing.email')}
      </Button>
      {opened && <EmailDialog id={id} invoiceName={invoiceName} onClose={() => setOpened(false)} />}
    </>
  );
}
