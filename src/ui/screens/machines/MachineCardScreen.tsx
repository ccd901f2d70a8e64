/**
 * The card of one machine (/app/machine/{id}, issue 31 item 5): where it stands, its last service, its next
 * preventive maintenance, its open tickets and its meters, on a phone first. Reached from the machine on a ticket
 * (and the same card shows after a scan). The server decides whether the person may open it (the machines'
 * privilege, or an open ticket on this machine that he works); otherwise it says the machine is not open to him.
 * The flow is the `machineCard` machine (src/machines/machineCard/machine.ts): this screen renders its states.
 */
import '../dashboards/machineWords';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useT } from '../../../i18n';
import { useHasPermission } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';
import { MACHINE_MESSAGES } from '../../../machines/flows/machineDashboardCalls';
import { machineCardMachine, type MachineCardActorRef } from '../../../machines/machineCard/machine';
import { MachineCardView } from '../dashboards/MachineCardView';
import { FailurePanel, LoadingPanel } from '../dashboards/machineSensorParts';

function Card({ actor }: { actor: MachineCardActorRef }) {
  const t = useT();
  const step = useSelector(actor, (s) => String(s.value));
  const card = useSelector(actor, (s) => s.context.card);
  const error = useSelector(actor, (s) => s.context.error);
  const canRaiseTicket = useHasPermission('BREAKDOWN_MAINTENENCE', 'CREATE');
  const canSeeMachines = useHasPermission('SVC_MACHINE_INSTANCE', 'VIEW');
  if (step === 'shown' && card) return <MachineCardView card={card} canRaiseTicket={canRaiseTicket} canSeeMachines={canSeeMachines} />;
  if (step === 'notYours') {
    return (
      <Alert color="yellow" icon={<IconLock size={18} />} title={t('md.machineNotYoursTitle')} role="alert">
        {t('md.machineNotYoursText')}
      </Alert>
    );
  }
  if (step === 'failed') return <FailurePanel title={t('md.machineCardFailedTitle')} error={error} fallback={MACHINE_MESSAGES.details} onRetry={() => actor.send({ type: 'card.retry' })} />;
  return <LoadingPanel label={t('md.finding')} />;
}

function MachineCardFlow({ machineId }: { machineId: string }) {
  const actor = useScreenActor('machineCard', machineCardMachine, { machineId }, machineId);
  return actor ? <Card actor={actor} /> : null;
}

export function MachineCardScreen({ id }: { id: string }) {
  const t = useT();
  return (
    <Stack>
      <Group>
        <Anchor component="button" type="button" size="sm" onClick={() => window.history.back()}>
          <Group gap={4}>
            <IconArrowLeft size={14} />
            <Text span size="sm">
              {t('md.backToTicket')}
            </Text>
          </Group>
        </Anchor>
      </Group>
      {/* Another machine's address starts its flow afresh. */}
      <MachineCardFlow key={id} machineId={id} />
    </Stack>
  );
}
