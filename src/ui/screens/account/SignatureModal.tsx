/**
 * The signature dialog of the user menu: the pad preloaded with the user's saved eSign, saved through
 * the session's signature flow. The dialog closes once the flow has saved; a failed save is only logged
 * by the flow (spec document 1 §8), so the pad simply stays open for another try.
 */
import { Modal, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useT } from '../../../i18n';
import type { SignatureActorRef } from '../../../machines/flowRefs';
import { selectUser, useSession, useSignatureActor, useSignatureEvents } from '../../../machines/SessionProvider';
import { SignaturePad } from '../../kit/SignaturePad';

type SignatureSnapshot = ReturnType<SignatureActorRef['getSnapshot']>;
export const selectSignaturePhase = (s: SignatureSnapshot | undefined): 'idle' | 'saving' | 'saved' => (s ? (s.value as 'idle' | 'saving' | 'saved') : 'idle');

export function SignatureModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const user = useSession(selectUser);
  const actor = useSignatureActor();
  const events = useSignatureEvents(actor);
  const phase = useSelector(actor, selectSignaturePhase);
  return (
    <Modal opened={opened && phase !== 'saved'} onClose={onClose} title={t('signature.title')} size="auto" centered>
      <Text size="sm" c="dimmed" mb="sm">
        {user?.eSign ? t('signature.current') : t('signature.hint')}
      </Text>
      <SignaturePad initial={user?.eSign} onSave={events.save} saving={phase === 'saving'} label={t('signature.title')} />
    </Modal>
  );
}
