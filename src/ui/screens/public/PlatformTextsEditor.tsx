/**
 * The operator's rich-text editor of the terms and the privacy policy that prospects accept on the
 * subscriber details page. Each save publishes a new version. The editor holds the text being written;
 * loading and saving are the `platformTexts` machine's, which the session runs for as long as the screen is open.
 */
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useState } from 'react';
import { platformTextsMachine, TEXT_TITLES, type TextKind } from '../../../machines/flows/platformTexts';
import { RichTextEditor } from '../../kit/RichTextEditor';
import { dateTimeText } from '../../kit/dateText';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';

export function PlatformTextsEditor({ logic = platformTextsMachine }: { logic?: typeof platformTextsMachine }) {
  const actor = useScreenActor('platformTexts', logic, undefined);
  return actor ? <TextsEditor actor={actor} /> : null;
}

function TextsEditor({ actor }: { actor: ActorRefFrom<typeof platformTextsMachine> }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('saving') ? 'saving' : 'ready'));
  const texts = useSelector(actor, (s) => s.context);
  const zone = useSession(selectTimezone);
  const [kind, setKind] = useState<TextKind>('terms');
  const [draft, setDraft] = useState<Record<TextKind, string | null>>({ terms: null, privacy: null });
  if (state === 'loading') {
    return (
      <Center py="xl" role="status">
        <Loader />
      </Center>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" title="The texts could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'texts.reload' })}>
          Try again
        </Button>
      </Alert>
    );
  }
  const current = texts[kind];
  const html = draft[kind] ?? current?.html ?? '';
  return (
    <Stack gap="md">
      <SegmentedControl value={kind} onChange={(v) => setKind(v as TextKind)} data={[{ value: 'terms', label: TEXT_TITLES.terms }, { value: 'privacy', label: TEXT_TITLES.privacy }]} />
      <Text size="sm" c="dimmed">
        {current ? `Published version of ${dateTimeText(current.createdAt, zone)}. Saving publishes a new version for prospects to accept.` : 'Nothing published yet: prospects see NO DATA FOUND and cannot accept.'}
      </Text>
      <RichTextEditor key={`${kind}-${current?._id ?? 'none'}`} value={current?.html ?? ''} onChange={(value) => setDraft({ ...draft, [kind]: value })} label={TEXT_TITLES[kind]} />
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'texts.save', kind, html })} loading={state === 'saving'} disabled={draft[kind] === null || draft[kind] === current?.html}>
          Publish {TEXT_TITLES[kind]}
        </Button>
      </Group>
    </Stack>
  );
}
