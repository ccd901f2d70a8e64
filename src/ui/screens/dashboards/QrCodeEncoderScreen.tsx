/**
 * qr-code-encoder (document 1 §2, open to any signed-in user): a QR code for a machine instance (the code
 * PATCH generate-qr-code/{id} stores, which opens machine-scanning for that machine) or for any text.
 * The result downloads as PNG or prints as a label. Choosing between machine and text is the screen's own
 * presentation; what is shown, loading or failing is the `qrEncoder` machine's.
 */
import './machineWords';
import { Alert, Anchor, Button, Group, Image, Paper, SegmentedControl, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconDownload, IconPrinter, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { useHasPermission } from '../../../machines/SessionProvider';
import { MACHINE_MESSAGES } from '../../../machines/flows/machineDashboardCalls';
import { MAX_QR_TEXT, qrEncoderMachine, type QrEncoderActorRef, type QrEncoderSnapshot } from '../../../machines/flows/qrEncoder';
import { useScreenActor } from '../../../machines/useScreenActor';
import { FailurePanel, LoadingPanel, MachinePicker } from './machineSensorParts';
import { pngName, printLabel } from './printLabel';

function useQrEvents(actor: QrEncoderActorRef) {
  return useMemo(
    () => ({
      encodeText: (text: string) => actor.send({ type: 'qr.encodeText', text }),
      pickMachine: (machineId: string) => actor.send({ type: 'qr.pickMachine', machineId }),
      regenerate: () => actor.send({ type: 'qr.regenerate' }),
      clear: () => actor.send({ type: 'qr.clear' }),
      retry: () => actor.send({ type: 'qr.retry' }),
    }),
    [actor],
  );
}

type Step = 'idle' | 'encoding' | 'generating' | 'shown' | 'missing' | 'failed';
const selectStep = (s: QrEncoderSnapshot): Step | null => {
  for (const step of ['idle', 'encoding', 'generating', 'shown', 'missing', 'failed'] as const) if (s.matches({ ready: step })) return step;
  return null;
};

function QrResult({ actor }: { actor: QrEncoderActorRef }) {
  const t = useT();
  const events = useQrEvents(actor);
  const step = useSelector(actor, selectStep);
  const image = useSelector(actor, (s) => s.context.image);
  const error = useSelector(actor, (s) => s.context.error);
  const canRegenerate = useSelector(actor, (s) => s.can({ type: 'qr.regenerate' }));
  const [blocked, setBlocked] = useState(false);
  if (step === 'encoding' || step === 'generating') return <LoadingPanel label={t(step === 'encoding' ? 'md.qrEncoding' : 'md.qrGenerating')} />;
  if (step === 'missing') return <Alert color="yellow" title={t('md.qrMissingTitle')}>{t('md.qrMissingText')}</Alert>;
  if (step === 'failed') return <FailurePanel title={t('md.qrFailedTitle')} error={error} fallback={MACHINE_MESSAGES.update} />;
  if (step !== 'shown' || !image) {
    return (
      <Stack align="center" gap="xs" py="xl" c="dimmed">
        <IconQrcode size={48} stroke={1.2} />
        <Text size="sm">{t('md.qrHint')}</Text>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="sm">
      <Image src={image.dataUrl} alt={t('md.qrAlt', { title: image.title })} w={240} h={240} fit="contain" />
      <Title order={4} ta="center">
        {image.title}
      </Title>
      {image.code && (
        <Text ff="monospace" size="sm">
          {image.code}
        </Text>
      )}
      {image.payload && image.machineId && (
        <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {t('md.qrOpens')} <Anchor href={image.payload}>{image.payload}</Anchor>
        </Text>
      )}
      <Group gap="sm" justify="center">
        <Button component="a" href={image.dataUrl} download={pngName(image.code)} leftSection={<IconDownload size={16} />} variant="light">
          {t('md.downloadPng')}
        </Button>
        <Button leftSection={<IconPrinter size={16} />} variant="light" onClick={() => setBlocked(!printLabel({ dataUrl: image.dataUrl, title: image.title, code: image.code }))}>
          {t('md.printLabel')}
        </Button>
        {canRegenerate && (
          <Button leftSection={<IconRefresh size={16} />} variant="subtle" onClick={events.regenerate}>
            {t('md.regenerate')}
          </Button>
        )}
      </Group>
      {blocked && <Alert color="yellow">{t('md.popupBlocked')}</Alert>}
    </Stack>
  );
}

function MachineSource({ actor, canList }: { actor: QrEncoderActorRef; canList: boolean }) {
  const t = useT();
  const events = useQrEvents(actor);
  const machines = useSelector(actor, (s) => s.context.machines);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  if (!canList) return <Alert color="gray">{t('md.qrNoMachineAccess')}</Alert>;
  if (machines.length === 0) return <Text c="dimmed">{t('md.noMachines')}</Text>;
  return <MachinePicker machines={machines} value={selectedId} onPick={events.pickMachine} />;
}

function TextSource({ actor }: { actor: QrEncoderActorRef }) {
  const t = useT();
  const events = useQrEvents(actor);
  const [text, setText] = useState('');
  const tooLong = text.length > MAX_QR_TEXT;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        events.encodeText(text);
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={t('md.qrText')}
          description={t('md.qrTextHint', { max: MAX_QR_TEXT })}
          autosize
          minRows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={tooLong ? t('md.qrTextTooLong', { max: MAX_QR_TEXT }) : undefined}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {text.length} / {MAX_QR_TEXT}
          </Text>
          <Button type="submit" disabled={!text.trim() || tooLong}>
            {t('md.makeQr')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Encoder({ canList, canGenerate }: { canList: boolean; canGenerate: boolean }) {
  const actor = useScreenActor('qrEncoder', qrEncoderMachine, { canListMachines: canList, canGenerate });
  return actor ? <EncoderOf actor={actor} canList={canList} /> : null;
}

function EncoderOf({ actor, canList }: { actor: QrEncoderActorRef; canList: boolean }) {
  const t = useT();
  const events = useQrEvents(actor);
  const loading = useSelector(actor, (s) => s.matches('loadingMachines'));
  const failed = useSelector(actor, (s) => (s.matches('machinesFailed') ? s.context.error : undefined));
  // Which source the person is filling in is presentation; a person who may not list machines starts on text.
  const [source, setSource] = useState<'machine' | 'text'>(canList ? 'machine' : 'text');
  if (loading) return <LoadingPanel label={t('md.loadingMachines')} />;
  if (failed !== undefined) return <FailurePanel title={t('md.machinesFailedTitle')} error={failed} fallback={MACHINE_MESSAGES.list} onRetry={events.retry} />;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('md.qrSource')}
            value={source}
            onChange={(value) => {
              setSource(value as 'machine' | 'text');
              events.clear();
            }}
            data={[
              { value: 'machine', label: t('md.qrForMachine') },
              { value: 'text', label: t('md.qrForText') },
            ]}
          />
          {source === 'machine' ? <MachineSource actor={actor} canList={canList} /> : <TextSource actor={actor} />}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" aria-label={t('md.qrResult')} component="section">
        <QrResult actor={actor} />
      </Paper>
    </SimpleGrid>
  );
}

export function QrCodeEncoderScreen() {
  const canList = useHasPermission('SVC_MACHINE_INSTANCE', 'VIEW');
  const canGenerate = useHasPermission('SVC_MACHINE_INSTANCE', 'UPDATE');
  // New privileges (after permissions reload) start a new flow with them.
  return <Encoder key={`${canList}-${canGenerate}`} canList={canList} canGenerate={canGenerate} />;
}
