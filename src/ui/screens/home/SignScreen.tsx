/** /app/sign: the signature pad as a page, saved through the session's signature flow. */
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconCircleCheck } from '@tabler/icons-react';
import { useT } from '../../../i18n';
import { selectUser, useSession, useSignatureActor, useSignatureEvents } from '../../../machines/SessionProvider';
import { SignaturePad } from '../../kit/SignaturePad';
import { selectSignaturePhase } from '../account/SignatureModal';

export function SignScreen() {
  const t = useT();
  const user = useSession(selectUser);
  const actor = useSignatureActor();
  const events = useSignatureEvents(actor);
  const phase = useSelector(actor, selectSignaturePhase);
  return (
    <Paper withBorder radius="md" p="lg" maw={560}>
      <Stack>
        <Text size="sm" c="dimmed">
          {user?.eSign ? t('signature.current') : t('signature.hint')}
        </Text>
        {phase === 'saved' && (
          <Alert color="green" icon={<IconCircleCheck size={16} />} role="status">
            {t('signature.saved')}
          </Alert>
        )}
        <SignaturePad key={user?.eSign ?? 'none'} initial={user?.eSign} onSave={events.save} saving={phase === 'saving'} label={t('signature.title')} />
      </Stack>
    </Paper>
  );
}
