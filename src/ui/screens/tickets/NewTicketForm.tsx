/**
 * The form that raises a generic ticket from a call view, at 390 px as on a desk (issue 31 item 6): the ticket's own
 * fields, the machine picked by name from the server's scoped list (a client's user sees his company's machines, with
 * their site; the ticket takes the machine's site), and photos taken with the phone's camera, held in the form and
 * sent with the ticket when Save is pressed, one after another with progress. A photo that is not sent says so, with
 * the ticket already saved: send it again, or knowingly carry on without it. The flow is the `newTicket` machine
 * (src/machines/newTicket/machine.ts); this renders its states and sends intents.
 */
import { Alert, Badge, Button, CloseButton, FileButton, Group, Image, Modal, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCamera } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { moduleNamed } from '../../../contract/modules';
import { notify } from '../../../api/notify';
import { useT } from '../../../i18n';
import { newTicketMachine, photoProgress, type NewTicketActorRef, type NewTicketPhoto } from '../../../machines/newTicket/machine';
import { useActorDone, useScreenActor } from '../../../machines/useScreenActor';
import type { FieldSpec } from '../module/fieldModel';
import { ModuleForm, type FormExtra } from '../module/ModuleForm';

const ticketDef = moduleNamed('ticket');

/** A held photo's thumbnail: an object URL of the file while it is shown (a browser resource, released on leaving). */
function Thumb({ photo, onRemove, removable }: { photo: NewTicketPhoto; onRemove: () => void; removable: boolean }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(photo.file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [photo.file]);
  const badge = { held: null, sending: null, sent: t('tickets.photoSent'), failed: '!', skipped: '—' }[photo.state];
  return (
    <Paper withBorder radius="sm" p={4} pos="relative" data-testid="held-photo" aria-label={photo.name}>
      {url ? <Image src={url} alt={photo.name} h={72} fit="cover" radius="xs" /> : <Text size="xs">{photo.name}</Text>}
      <Text size="xs" truncate>
        {photo.name}
      </Text>
      {badge && (
        <Badge size="xs" color={photo.state === 'sent' ? 'green' : photo.state === 'failed' ? 'red' : 'gray'}>
          {badge}
        </Badge>
      )}
      {removable && <CloseButton size="sm" pos="absolute" top={2} right={2} aria-label={t('tickets.removePhoto', { name: photo.name })} onClick={onRemove} />}
    </Paper>
  );
}

let pickCounter = 0;

function PhotoPicker({ actor }: { actor: NewTicketActorRef }) {
  const t = useT();
  const photos = useSelector(actor, (s) => s.context.photos);
  const refused = useSelector(actor, (s) => s.context.refused);
  const editing = useSelector(actor, (s) => s.matches('editing'));
  const reset = useRef<() => void>(null);
  return (
    <Stack gap={6} role="group" aria-label={t('tickets.photos')}>
      <Text size="sm" fw={500}>
        {t('tickets.photos')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('tickets.photoHint')}
      </Text>
      {photos.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {photos.map((photo) => (
            <Thumb key={photo.key} photo={photo} removable={editing} onRemove={() => actor.send({ type: 'photo.remove', key: photo.key })} />
          ))}
        </SimpleGrid>
      )}
      {refused && (
        <Text size="xs" c="red" role="alert">
          {refused}
        </Text>
      )}
      <FileButton
        resetRef={reset}
        accept="image/*"
        capture="environment"
        multiple
        disabled={!editing}
        onChange={(files) => {
          actor.send({ type: 'photo.add', photos: files.map((file) => ({ key: `p${(pickCounter += 1)}`, file, name: file.name || 'photo.jpg', mimeType: file.type || 'application/octet-stream' })) });
          // The same photo may be taken again after it was removed.
          reset.current?.();
        }}
      >
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconCamera size={16} />} w="fit-content">
            {t('tickets.takePhoto')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

function SaveProgress({ actor }: { actor: NewTicketActorRef }) {
  const t = useT();
  const state = useSelector(actor, (s) => (s.matches('creating') ? 'creating' : s.matches('uploading') ? 'uploading' : s.matches('uploadFailed') ? 'uploadFailed' : s.matches('editing') ? 'editing' : 'other'));
  const progress = useSelector(actor, (s) => photoProgress(s.context));
  const error = useSelector(actor, (s) => s.context.error);
  const ticket = useSelector(actor, (s) => s.context.ticket);
  const failed = useSelector(actor, (s) => s.context.photos.find((p) => p.state === 'failed'));
  if (state === 'editing' && error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
        {error}
      </Alert>
    );
  }
  if (state === 'creating') return <Text size="sm" role="status">{t('tickets.savingTicket')}</Text>;
  if (state === 'uploading') {
    return (
      <Stack gap={4} role="status">
        <Text size="sm">{t('tickets.sendingPhotos', { n: Math.min(progress.sent + 1, progress.total), total: progress.total })}</Text>
        <Progress value={(progress.sent / Math.max(progress.total, 1)) * 100} aria-label={t('tickets.photos')} />
      </Stack>
    );
  }
  if (state === 'uploadFailed') {
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
        <Stack gap="xs">
          <Text size="sm">{t('tickets.photoFailed', { number: ticket?.alternateId ?? '', name: failed?.name ?? '', reason: error ?? '' })}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => actor.send({ type: 'photo.retry' })}>
              {t('tickets.sendAgain')}
            </Button>
            <Button size="xs" variant="default" onClick={() => actor.send({ type: 'photos.skip' })}>
              {t('tickets.skipPhoto')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return null;
}

export function NewTicketForm({ fields, onClose, onCreated }: { fields: readonly FieldSpec[]; onClose: () => void; onCreated: () => void }) {
  const t = useT();
  const actor = useScreenActor('newTicket', newTicketMachine, undefined);
  // The flow ends with the ticket made (and its photos sent or skipped) or cancelled.
  useActorDone(actor, (snapshot) => {
    if (snapshot.value === 'done') {
      const { ticket, photos } = snapshot.context;
      const sent = photos.filter((p) => p.state === 'sent').length;
      const skipped = photos.filter((p) => p.state === 'skipped').map((p) => p.name);
      const number = ticket?.alternateId ?? '';
      notify({
        color: skipped.length ? 'yellow' : 'green',
        message: [sent ? t('tickets.createdWithPhotos', { number, count: sent }) : t('tickets.created', { number }), skipped.length ? t('tickets.photosNotSent', { names: skipped.join(', ') }) : ''].filter(Boolean).join('. '),
      });
      onCreated();
    }
    onClose();
  });
  return actor ? <NewTicketDialog fields={fields} actor={actor} /> : null;
}

function NewTicketDialog({ fields, actor }: { fields: readonly FieldSpec[]; actor: NewTicketActorRef }) {
  const t = useT();
  const machines = useSelector(actor, (s) => s.context.machines);
  const machinesError = useSelector(actor, (s) => s.context.machinesError);
  const busy = useSelector(actor, (s) => !s.matches('editing'));
  const offered = useMemo(
    () => ({
      machineInstanceId: {
        options: (machines ?? []).map((m) => ({ value: m._id, label: [m.name, m.siteName].filter(Boolean).join(' · '), fields: { clientId: m.clientId } })),
        loading: machines === null,
        error: machinesError,
      },
    }),
    [machines, machinesError],
  );
  const photos: FormExtra = useMemo(() => ({ initialValues: {}, toBody: (_values, body) => body, render: () => <PhotoPicker actor={actor} /> }), [actor]);
  // While the ticket and its photos are being sent, the dialog stays: closing it would drop what is not sent yet.
  return (
    <Modal opened onClose={() => !busy && actor.send({ type: 'ticket.cancel' })} withCloseButton={!busy} closeOnEscape={!busy} closeOnClickOutside={!busy} title={t('tickets.newTicket')} size="lg">
    <Stack>
      <SaveProgress actor={actor} />
      <ModuleForm
        def={ticketDef}
        fields={fields}
        mode="create"
        saving={busy}
        offered={offered}
        extra={photos}
        onCancel={() => actor.send({ type: 'ticket.cancel' })}
        onSubmit={(body) => actor.send({ type: 'ticket.submit', body })}
      />
    </Stack>
    </Modal>
  );
}
