/**
 * machine-scanning (document 1 §2, open to any signed-in user): scan a machine's QR code with the camera,
 * or type or paste its code (the QR link, MI-…, the serial number), and see the machine's card. A phone
 * that scans the code with its own camera app lands here with ?machineId=…&code=… and sees the card at
 * once. The flow is the `machineScanner` machine; this screen renders its states and sends intents. A person
 * without the machines' privilege scans too: the server shows him the machines he works an open ticket on.
 */
import './machineWords';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconCameraOff, IconPlayerStop, IconSearch } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { useHasPermission } from '../../../machines/SessionProvider';
import { cameraScanSupported } from '../../../machines/flows/cameraScan';
import { MACHINE_MESSAGES } from '../../../machines/flows/machineDashboardCalls';
import { MAX_CODE_LENGTH, machineScannerMachine, type MachineScannerActorRef, type MachineScannerSnapshot } from '../../../machines/flows/machineScanner';
import { useScreenActor } from '../../../machines/useScreenActor';
import { MachineCardView } from './MachineCardView';
import { FailurePanel, LoadingPanel } from './machineSensorParts';

function useScannerEvents(actor: MachineScannerActorRef) {
  return useMemo(
    () => ({
      start: () => actor.send({ type: 'scan.start' }),
      stop: () => actor.send({ type: 'scan.stop' }),
      submit: (code: string) => actor.send({ type: 'scan.submit', code }),
      retry: () => actor.send({ type: 'scan.retry' }),
      reset: () => actor.send({ type: 'scan.reset' }),
    }),
    [actor],
  );
}

type Step = 'idle' | 'requestingCamera' | 'scanning' | 'resolving' | 'found' | 'notFound' | 'failed' | 'cameraRefused' | 'unsupported';
const selectStep = (s: MachineScannerSnapshot): Step => s.value as Step;

/** The live preview: the stream is bound to the element as it mounts (the detector reads its own copy). */
function CameraPreview({ stream }: { stream: MediaStream | null }) {
  const t = useT();
  return (
    <video
      aria-label={t('md.cameraPreview')}
      muted
      playsInline
      autoPlay
      style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#000', aspectRatio: '4 / 3', objectFit: 'cover' }}
      ref={(element) => {
        if (element && stream && element.srcObject !== stream) {
          element.srcObject = stream;
          void element.play().catch(() => undefined);
        }
      }}
    />
  );
}

function CodeForm({ actor }: { actor: MachineScannerActorRef }) {
  const t = useT();
  const events = useScannerEvents(actor);
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        events.submit(code);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('md.machineCode')}
          description={t('md.machineCodeHint')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          maxLength={MAX_CODE_LENGTH}
          style={{ flex: '1 1 280px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!code.trim()}>
          {t('md.findMachine')}
        </Button>
      </Group>
    </form>
  );
}

function CameraPanel({ actor, step }: { actor: MachineScannerActorRef; step: Step }) {
  const t = useT();
  const events = useScannerEvents(actor);
  const stream = useSelector(actor, (s) => s.context.stream);
  const problem = useSelector(actor, (s) => s.context.cameraProblem);
  if (step === 'requestingCamera') {
    return (
      <Group gap="sm">
        <LoadingPanel label={t('md.cameraAsking')} />
        <Button variant="subtle" onClick={events.stop}>
          {t('md.cancel')}
        </Button>
      </Group>
    );
  }
  if (step === 'scanning') {
    return (
      <Stack gap="xs" align="flex-start">
        <CameraPreview stream={stream} />
        <Text size="sm" c="dimmed">
          {t('md.cameraPoint')}
        </Text>
        <Button variant="light" color="gray" leftSection={<IconPlayerStop size={16} />} onClick={events.stop}>
          {t('md.stopCamera')}
        </Button>
      </Stack>
    );
  }
  if (step === 'unsupported') {
    return (
      <Alert color="yellow" icon={<IconCameraOff size={18} />} title={t('md.unsupportedTitle')}>
        {t('md.unsupportedText')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      {step === 'cameraRefused' && (
        <Alert color="yellow" icon={<IconCameraOff size={18} />} title={t(problem === 'denied' ? 'md.cameraDeniedTitle' : 'md.cameraMissingTitle')} role="alert">
          {t(problem === 'denied' ? 'md.cameraDeniedText' : 'md.cameraMissingText')}
        </Alert>
      )}
      <Button leftSection={<IconCamera size={16} />} onClick={events.start}>
        {t(step === 'cameraRefused' ? 'md.cameraTryAgain' : step === 'found' || step === 'notFound' ? 'md.scanAnother' : 'md.scanWithCamera')}
      </Button>
    </Stack>
  );
}

function Result({ actor, step }: { actor: MachineScannerActorRef; step: Step }) {
  const t = useT();
  const events = useScannerEvents(actor);
  const card = useSelector(actor, (s) => s.context.card);
  const error = useSelector(actor, (s) => s.context.error);
  const canRaiseTicket = useHasPermission('BREAKDOWN_MAINTENENCE', 'CREATE');
  const canSeeMachines = useHasPermission('SVC_MACHINE_INSTANCE', 'VIEW');
  if (step === 'resolving') return <LoadingPanel label={t('md.finding')} />;
  if (step === 'found' && card) return <MachineCardView card={card} canRaiseTicket={canRaiseTicket} canSeeMachines={canSeeMachines} />;
  if (step === 'notFound') {
    return (
      <Alert color="orange" title={t('md.notFoundTitle')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('md.notFoundText')}</Text>
          <Button size="xs" variant="light" color="orange" onClick={events.reset}>
            {t('md.clear')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (step === 'failed') return <FailurePanel title={t('md.lookupFailedTitle')} error={error} fallback={MACHINE_MESSAGES.details} onRetry={events.retry} />;
  return null;
}

function Scanner({ initial }: { initial: { code?: string; machineId?: string } }) {
  const actor = useScreenActor('machineScanner', machineScannerMachine, { initial, cameraSupported: cameraScanSupported() });
  return actor ? <ScannerOf actor={actor} /> : null;
}

function ScannerOf({ actor }: { actor: MachineScannerActorRef }) {
  const step = useSelector(actor, selectStep);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <CameraPanel actor={actor} step={step} />
          <CodeForm actor={actor} />
        </Stack>
      </Paper>
      <Result actor={actor} step={step} />
    </Stack>
  );
}

/**
 * Open to everyone signed in (issue 31 item 5): the server answers a scan with the card when the person may open it
 * (the machines' privilege, or an open ticket on that machine he works) and "no machine" otherwise.
 */
export function MachineScanningScreen() {
  const search = useSearch();
  const initial = useMemo(() => {
    const params = new URLSearchParams(search);
    return { code: params.get('code') ?? undefined, machineId: params.get('machineId') ?? undefined };
  }, [search]);
  // Another machine's link opened on this screen starts its flow afresh.
  return <Scanner key={search} initial={initial} />;
}
