/**
 * The operator's rich-text editor of the terms and the privacy policy that prospects accept on the
 * subscriber details page. Each save publishes a new version. The editor holds the text being written;
 * loading and saving are the `platformTexts` machine's, which the session runs for as long as the screen is open.
 */
import { Alert, Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useState } from 'react';
import { platformTextsMachine, type TextKind } from '../../../machines/flows/platformTexts';
import { RichTextEditor } from '../../kit/RichTextEditor';
import { dateTimeText } from '../../kit/dateText';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';
import { useT } from '../../../i18n';
import '../sales/salesWords';

export function PlatformTextsEditor({ logic = platformTextsMachine }: { logic?: typeof platformTextsMachine }) {
  const actor = useScreenActor('platformTexts', logic, undefined);
  return actor ? <TextsEditor actor={actor} /> : null;
}

function TextsEditor({ actor }: { actor: ActorRefFrom<typeof platformTextsMachine> }) {
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('saving') ? 'saving' : 'ready'));
  const texts = useSelector(actor, (s) => s.context);
  const zone = useSession(selectTimezone);
  const t = useT();
  // The texts' names as the person reads them (TEXT_TITLES stays the spec's English, for the notice the machine gives).
  const titles: Record<TextKind, string> = { terms: t('sales.textTerms'), privacy: t('sales.textPrivacy') };
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
      <Alert color="red" title={t('sales.textsFailed')}>
        <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'texts.reload' })}>
          {t('sales.tryAgain')}
        </Button>
      </Alert>
    );
  }
  const current = texts[kind];
  const html = draft[kind] ?? current?.html ?? '';
  return (
    <Stack gap="md">
      <SegmentedControl value={kind} onChange={(v) => setKind(v as TextKind)} data={[{ value: 'terms', label: titles.terms }, { value: 'privacy', label: titles.privacy }]} />
      <Text size="sm" c="dimmed">
        {current ? t('sales.textsPublished', { at: dateTimeText(current.createdAt, zone) }) : t('sales.textsNothing')}
      </Text>
      <RichTextEditor key={`${kind}-${current?._id ?? 'none'}`} value={current?.html ?? ''} onChange={(value) => setDraft({ ...draft, [kind]: value })} label={titles[kind]} />
      <Group justify="flex-end">
        <Button onClick={() => actor.send({ type: 'texts.save', kind, html })} loading={state === 'saving'} disabled={draft[kind] === null || draft[kind] === current?.html}>
          {t('sales.publishText', { title: titles[kind] })}
        </Button>
      </Group>
    </Stack>
  );
}
