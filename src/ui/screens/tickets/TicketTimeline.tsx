/**
 * A ticket's timeline on its page (issue 13): comments (an internal one marked, and never sent to a client's
 * user by the server), work logged with its hours, spare-part requests raised from the ticket with their status;
 * newest first, filtered by kind. Whoever may read the ticket comments on it; whoever may work it logs his own
 * time (hours and what was done: the work ends now, so an engineer on a phone types two things). The calls are
 * the ticket module's workspace calls, through its actor (GET activity, POST comment, POST worklog).
 */
import { Alert, Anchor, Badge, Button, Card, Checkbox, FileInput, Group, Image, Modal, NumberInput, Rating, SegmentedControl, Select, Stack, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { IconClock, IconMessage, IconMessages, IconPaperclip, IconReceipt, IconStar, IconTool } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type JSX } from 'react';
import type { TimelineEntry } from '../../../contract/ticketShapes';
import { formatPaise, readRupees } from '../../../contract/money';
import { isFinal, lifecycleOf, type Lifecycle } from '../../../machines/lifecycles/index';
import { EXPENSE_CATEGORIES } from '../../../contract/modules/serviceExpenses';
import { useT, type TKey } from '../../../i18n';
import { selectTimezone, selectUser, useSession } from '../../../machines/SessionProvider';
import { useCallSlot, useResource, type CallView, type ModuleCallArgs } from '../../data/resources';
import { formatDateTime } from '../dashboards/format';
import type { TicketModuleDef, TicketModuleName } from './ticketRows';
import { StatusBadge } from './TicketBadges';
import { useSay } from '../../kit/sayings';
import { useTicketWords } from './ticketWords';


type Filter = 'all' | 'talk' | 'work' | 'spare-request' | 'files';

/** What each filter shows: words (comments and the team's discussion), work (hours and expenses), parts, files. */
const FILTERS: Record<Filter, ReadonlyArray<TimelineEntry['kind']> | null> = {
  all: null,
  talk: ['comment', 'discussion', 'feedback'],
  work: ['worklog', 'expense'],
  'spare-request': ['spare-request'],
  files: ['attachment'],
};

const ICONS: Record<TimelineEntry['kind'], JSX.Element> = {
  comment: <IconMessage size={12} />,
  discussion: <IconMessages size={12} />,
  worklog: <IconClock size={12} />,
  expense: <IconReceipt size={12} />,
  attachment: <IconPaperclip size={12} />,
  'spare-request': <IconTool size={12} />,
  feedback: <IconStar size={12} />,
};

/** A file as a person gives it to the browser, read as base64 for the workspace's calls (5 MB at most). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
function readFile(file: File): Promise<{ name: string; mimeType: string; contentBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => resolve({ name: file.name, mimeType: file.type || 'application/octet-stream', contentBase64: String(reader.result).replace(/^data:[^;]*;base64,/, '') });
    reader.readAsDataURL(file);
  });
}

/** Sends a workspace call and tells when it has settled (ok or not), so a form clears only after a success. */
type WorkspaceCall = 'comment' | 'logWork' | 'rate' | 'requestParts' | 'discuss' | 'addExpense' | 'attach';
/** What a workspace call takes as its body (the call's schema's input). */
type WorkspaceBody<C extends WorkspaceCall> = ModuleCallArgs<TicketModuleName, C> extends { body?: infer B } ? B : never;

function useWorkspaceCall<C extends WorkspaceCall>(def: TicketModuleDef, name: C, onDone: () => void) {
  // The ticket modules' calls, read as any module's: a call named by the generic C of a union of modules does not
  // narrow to one declaration, so the body is tied to the call's schema by `send`'s parameter instead.
  const { intents } = useResource<string>(def.name);
  const slot = useCallSlot(def.name, name);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent || slot.loading) return;
    setSent(false);
    if (slot.error == null) onDone();
  }, [sent, slot.loading, slot.error, onDone]);
  return {
    slot,
    send: (id: string, body: WorkspaceBody<C>) => {
      setSent(true);
      intents.call(name, { params: { id }, body });
    },
  };
}

/** A workspace form's last row: why the last send failed, if it did, and the button that sends it. */
function SendRow({ slot, failure, label, disabled, light = false }: { slot: CallView; failure: TKey; label: TKey; disabled: boolean; light?: boolean }) {
  const t = useT();
  const say = useSay();
  return (
    <>
      {slot.error != null && !slot.loading && <Alert color="red">{t(failure, { reason: say(slot.error) ?? '' })}</Alert>}
      <Group justify="flex-end">
        <Button type="submit" size="sm" variant={light ? 'light' : 'filled'} loading={slot.loading} disabled={disabled}>
          {t(label)}
        </Button>
      </Group>
    </>
  );
}

function CommentForm({ def, id, mayWork, onPosted }: { def: TicketModuleDef; id: string; mayWork: boolean; onPosted: () => void }) {
  const t = useT();
  const say = useSay();
  const me = useSession(selectUser);
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const done = useMemo(
    () => () => {
      setText('');
      setInternal(false);
      onPosted();
    },
    [onPosted],
  );
  const { slot, send } = useWorkspaceCall(def, 'comment', done);
  const talk = useWorkspaceCall(def, 'discuss', done);
  const client = me?.userType === 'Client-User';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) send(id, { comment: text.trim(), ...(client ? {} : { internal }) });
      }}
    >
      <Stack gap="xs">
        <Textarea label={t('tickets.addComment')} autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} />
        {[slot, talk.slot].map((s, i) => s.error != null && !s.loading && <Alert key={i} color="red">{t('tickets.commentFailed', { reason: say(s.error) ?? '' })}</Alert>)}
        <Group justify="space-between">
          {client ? <span /> : <Checkbox label={t('tickets.internal')} checked={internal} onChange={(e) => setInternal(e.currentTarget.checked)} />}
          <Group gap="xs">
            {/* The service team's own thread about the ticket; a client's words are comments. */}
            {!client && mayWork && (
              <Button variant="default" size="sm" loading={talk.slot.loading} disabled={!text.trim()} onClick={() => talk.send(id, { message: text.trim() })}>
                {t('tickets.postDiscussion')}
              </Button>
            )}
            <Button type="submit" size="sm" loading={slot.loading} disabled={!text.trim()}>
              {t('tickets.post')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function WorkForm({ def, id, onLogged }: { def: TicketModuleDef; id: string; onLogged: () => void }) {
  const t = useT();
  const [hours, setHours] = useState<number | string>('');
  const [what, setWhat] = useState('');
  const done = useMemo(
    () => () => {
      setHours('');
      setWhat('');
      onLogged();
    },
    [onLogged],
  );
  const { slot, send } = useWorkspaceCall(def, 'logWork', done);
  const ready = typeof hours === 'number' && hours > 0 && what.trim() !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) send(id, { hours, activity: what.trim() });
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          <NumberInput label={t('tickets.hours')} min={0.25} max={24} step={0.25} decimalScale={2} value={hours} onChange={setHours} w={110} />
          <Textarea label={t('tickets.whatWasDone')} autosize minRows={1} value={what} onChange={(e) => setWhat(e.currentTarget.value)} style={{ flex: 1, minWidth: 200 }} />
        </Group>
        <SendRow slot={slot} failure="tickets.workFailed" label="tickets.logWork" disabled={!ready} light />
      </Stack>
    </form>
  );
}

/** A spare part asked of the stores for this ticket: chosen from the stores' parts (with what is in stock). */
function PartsForm({ def, id, onRequested }: { def: TicketModuleDef; id: string; onRequested: () => void }) {
  const t = useT();
  const { intents } = useResource(def.name);
  const list = useCallSlot(def.name, 'parts');
  const [open, setOpen] = useState(false);
  const [partId, setPartId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const done = useMemo(
    () => () => {
      setPartId(null);
      setQuantity(1);
      setOpen(false);
      onRequested();
    },
    [onRequested],
  );
  const { slot, send } = useWorkspaceCall(def, 'requestParts', done);
  const options = (list.data?.data ?? []).map((p) => ({
    value: p._id,
    label: `${p.partName} (${p.partNumber}) · ${t('tickets.inStock', { count: p.stockQty })}`,
  }));
  if (!open) {
    return (
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconTool size={14} />}
          onClick={() => {
            setOpen(true);
            intents.call('parts', { params: { id } });
          }}
        >
          {t('tickets.requestParts')}
        </Button>
      </Group>
    );
  }
  const ready = partId !== null && typeof quantity === 'number' && quantity > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) send(id, { items: [{ partId, quantity }] });
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          <Select label={t('tickets.part')} data={options} searchable value={partId} onChange={setPartId} disabled={list.loading} style={{ flex: 1, minWidth: 220 }} />
          <NumberInput label={t('tickets.quantity')} min={1} value={quantity} onChange={setQuantity} w={110} />
        </Group>
        <SendRow slot={slot} failure="tickets.requestFailed" label="tickets.sendRequest" disabled={!ready} light />
      </Stack>
    </form>
  );
}

/** An expense of the person's own for this ticket, with its receipt photo (taken with the phone's camera). */
function ExpenseForm({ def, id, onAdded }: { def: TicketModuleDef; id: string; onAdded: () => void }) {
  const t = useT();
  const words = useTicketWords();
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<(typeof EXPENSE_CATEGORIES)[number] | null>(null);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const done = useMemo(
    () => () => {
      setOpen(false);
      setCategory(null);
      setAmount('');
      setDescription('');
      setReceipt(null);
      onAdded();
    },
    [onAdded],
  );
  const { slot, send } = useWorkspaceCall(def, 'addExpense', done);
  if (!open) {
    return (
      <Group>
        <Button variant="light" size="xs" leftSection={<IconReceipt size={14} />} onClick={() => setOpen(true)}>
          {t('tickets.addExpense')}
        </Button>
      </Group>
    );
  }
  const reading = readRupees(amount);
  const ready = category !== null && reading.ok && reading.paise > 0;
  return (
    <form
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready || !reading.ok) return;
        if (receipt && receipt.size > MAX_FILE_BYTES) return setProblem(t('tickets.tooLarge', { name: receipt.name }));
        setProblem(null);
        send(id, { category, amountPaise: reading.paise, ...(description.trim() ? { description: description.trim() } : {}), ...(receipt ? { receipt: await readFile(receipt) } : {}) });
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          <Select label={t('tickets.category')} data={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: words.choice(c) }))} value={category} onChange={(picked) => setCategory(EXPENSE_CATEGORIES.find((c) => c === picked) ?? null)} w={180} />
          <TextInput label={t('tickets.amount')} leftSection="₹" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} w={150} error={amount.trim() && !reading.ok ? reading.message : undefined} />
          <TextInput label={t('tickets.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
        </Group>
        <FileInput label={t('tickets.receipt')} accept="image/*,application/pdf" capture="environment" value={receipt} onChange={setReceipt} clearable />
        {problem && <Alert color="red">{problem}</Alert>}
        <SendRow slot={slot} failure="tickets.expenseFailed" label="tickets.saveExpense" disabled={!ready} light />
      </Stack>
    </form>
  );
}

/** A photo or document for the ticket: kept as soon as it is chosen. */
function AttachForm({ def, id, onAttached }: { def: TicketModuleDef; id: string; onAttached: () => void }) {
  const t = useT();
  const say = useSay();
  const [problem, setProblem] = useState<string | null>(null);
  const { slot, send } = useWorkspaceCall(def, 'attach', onAttached);
  return (
    <Stack gap={4}>
      <FileInput
        label={t('tickets.addFile')}
        placeholder={slot.loading ? t('tickets.uploading') : undefined}
        accept="image/*,application/pdf"
        leftSection={<IconPaperclip size={14} />}
        value={null}
        disabled={slot.loading}
        onChange={async (file) => {
          if (!file) return;
          if (file.size > MAX_FILE_BYTES) return setProblem(t('tickets.tooLarge', { name: file.name }));
          setProblem(null);
          send(id, await readFile(file));
        }}
      />
      {problem && <Alert color="red">{problem}</Alert>}
      {slot.error != null && !slot.loading && <Alert color="red">{t('tickets.fileFailed', { reason: say(slot.error) ?? '' })}</Alert>}
    </Stack>
  );
}

/** One of the ticket's files, read through the ticket (people who work it may not read the file store): an image is shown, anything else offered to open. */
function FileView({ def, id, url, name }: { def: TicketModuleDef; id: string; url: string; name: string }) {
  const t = useT();
  const say = useSay();
  const { intents } = useResource(def.name);
  const slot = useCallSlot(def.name, 'file');
  const [open, setOpen] = useState(false);
  const reply = slot.data;
  const source = reply?.data && reply.name === name ? `data:${reply.mimeType};base64,${reply.data}` : null;
  return (
    <>
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => {
          setOpen(true);
          intents.call('file', { params: { id }, body: { url } });
        }}
      >
        {t('tickets.view')}
      </Anchor>
      <Modal opened={open} onClose={() => setOpen(false)} title={name} size="lg">
        {slot.error != null && !slot.loading ? (
          <Alert color="red">{say(slot.error)}</Alert>
        ) : !source ? (
          <Text size="sm">{t('tickets.uploading')}</Text>
        ) : reply?.mimeType?.startsWith('image/') ? (
          <Image src={source} alt={name} fit="contain" mah={480} />
        ) : (
          <Anchor href={source} download={name}>
            {name}
          </Anchor>
        )}
      </Modal>
    </>
  );
}

/** Once the work is resolved: its rating, given once (the server refuses a second). */
function RateForm({ def, id, onRated }: { def: TicketModuleDef; id: string; onRated: () => void }) {
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comments, setComments] = useState('');
  const { slot, send } = useWorkspaceCall(def, 'rate', onRated);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (rating > 0) send(id, { rating, ...(comments.trim() ? { comments: comments.trim() } : {}) });
      }}
    >
      <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
        <Text size="sm" fw={600}>
          {t('tickets.rateWork')}
        </Text>
        <Rating value={rating} onChange={setRating} size="lg" aria-label={t('tickets.rateWork')} />
        <Textarea label={t('tickets.ratingComments')} autosize minRows={1} value={comments} onChange={(e) => setComments(e.currentTarget.value)} />
        <SendRow slot={slot} failure="tickets.rateFailed" label="tickets.sendRating" disabled={rating === 0} />
      </Stack>
    </form>
  );
}

export function TicketTimeline({ def, id, mayWork, status, assignedTo }: { def: TicketModuleDef; id: string; mayWork: boolean; status: string; assignedTo?: string }) {
  // Nothing more is added to a ticket whose lifecycle has ended (closed or cancelled).
  const lifecycle = lifecycleOf(def.name) as Lifecycle;
  const final = isFinal(lifecycle, { [lifecycle.statusField]: status });
  const done = status === 'Resolved' || status === 'Closed';
  const t = useT();
  const words = useTicketWords();
  const say = useSay();
  const zone = useSession(selectTimezone);
  const me = useSession(selectUser);
  const { intents } = useResource(def.name);
  const slot = useCallSlot(def.name, 'activity');
  const [filter, setFilter] = useState<Filter>('all');
  const load = useMemo(() => () => intents.call('activity', { params: { id } }), [intents, id]);
  useEffect(() => {
    load();
  }, [load]);
  const all = slot.data?.data ?? [];
  const entries = all.filter((e) => FILTERS[filter]?.includes(e.kind) ?? true);
  const rated = all.some((e) => e.kind === 'feedback');
  // Nobody rates their own work: the engineer it is assigned to is not asked (the server refuses him too).
  const myOwnWork = assignedTo !== undefined && assignedTo === me?._id;

  return (
    <Card withBorder radius="md" padding="md" data-testid="ticket-timeline">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('tickets.timeline')}</Text>
          <SegmentedControl
            size="xs"
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={[
              { value: 'all', label: t('tickets.all') },
              { value: 'talk', label: t('tickets.commentsFilter') },
              { value: 'work', label: t('tickets.work') },
              { value: 'spare-request', label: t('tickets.parts') },
              { value: 'files', label: t('tickets.files') },
            ]}
          />
        </Group>
        {done && slot.data != null && !rated && !myOwnWork && <RateForm def={def} id={id} onRated={load} />}
        <CommentForm def={def} id={id} mayWork={mayWork && !final} onPosted={load} />
        {mayWork && !final && <WorkForm def={def} id={id} onLogged={load} />}
        {mayWork && !final && <PartsForm def={def} id={id} onRequested={load} />}
        {mayWork && !final && <ExpenseForm def={def} id={id} onAdded={load} />}
        {!final && <AttachForm def={def} id={id} onAttached={load} />}
        {slot.error != null && !slot.loading && <Alert color="red">{t('tickets.timelineFailed', { reason: say(slot.error) ?? '' })}</Alert>}
        {slot.data == null && slot.error == null ? (
          // Not answered yet: "nothing on the timeline" would be a false empty state until the entries arrive.
          <Text size="sm" c="dimmed" aria-busy="true">
            {t('app.loading')}
          </Text>
        ) : entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tickets.noActivity')}
          </Text>
        ) : (
          <Timeline bulletSize={22} lineWidth={2}>
            {entries.map((entry) => (
              <Timeline.Item key={entry._id} bullet={ICONS[entry.kind]} data-kind={entry.kind}>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {[entry.by?.name, formatDateTime(entry.at, zone)].filter(Boolean).join(', ')}
                  </Text>
                  {entry.internal && (
                    <Badge size="xs" color="gray">
                      {t('tickets.internalBadge')}
                    </Badge>
                  )}
                  {entry.kind === 'worklog' && entry.hours !== undefined && (
                    <Badge size="xs" variant="light">
                      {t('tickets.hoursLogged', { hours: entry.hours })}
                    </Badge>
                  )}
                  {entry.kind === 'worklog' && entry.startedAt && entry.endedAt && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(entry.startedAt, zone)} – {formatDateTime(entry.endedAt, zone).split(' ').pop()}
                    </Text>
                  )}
                  {entry.kind === 'discussion' && (
                    <Badge size="xs" color="grape" variant="light">
                      {t('tickets.discussionBadge')}
                    </Badge>
                  )}
                  {entry.kind === 'expense' && (
                    <>
                      <Text size="xs" fw={600}>
                        {formatPaise(entry.amountPaise ?? 0)}
                      </Text>
                      {entry.category && (
                        <Badge size="xs" variant="outline" color="gray">
                          {words.choice(entry.category)}
                        </Badge>
                      )}
                      <StatusBadge size="xs" status={entry.status} />
                    </>
                  )}
                  {entry.fileUrl && <FileView def={def} id={id} url={entry.fileUrl} name={entry.kind === 'attachment' ? entry.text : decodeURIComponent(entry.fileUrl.split('/').pop() ?? '')} />}
                  {entry.kind === 'feedback' && entry.rating !== undefined && (
                    <>
                      <Rating value={entry.rating} readOnly size="xs" />
                      <Text size="xs">{t('tickets.rated', { rating: entry.rating })}</Text>
                    </>
                  )}
                  {entry.kind === 'spare-request' && (
                    <>
                      <Text size="xs" fw={600}>
                        {entry.number}
                      </Text>
                      <StatusBadge size="xs" status={entry.status} />
                    </>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
