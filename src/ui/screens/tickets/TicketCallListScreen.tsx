/**
 * A ticket call view ("My Open Calls", "Urgent Calls", "Client Tickets"…) across every ticket kind (issue 13):
 * the server's GET ticket/view/{route} answers generic and service tickets together, each with its kind and its
 * engineer's name, so an engineer finds the breakdown ticket assigned to him beside his generic calls. A row
 * opens the ticket's page. On a phone the rows are cards (number, title, status and the SLA clock first), so
 * nothing an engineer acts on sits off-screen. A person who may raise tickets here gets "New ticket" (the generic
 * ticket form; the server gives it the view's fixed values, so it appears in this list). Opened with ?sla=overdue (a
 * dashboard's "Past SLA"), it shows only the tickets past their SLA, with the filter shown and removable (./pastSla.ts).
 */
import { Alert, Anchor, Badge, Button, Card, CloseButton, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { moduleNamed } from '../../../contract/modules';
import classes from './TicketTable.module.css';
import { useT } from '../../../i18n';
import { selectPermissions, selectUser, useSession } from '../../../machines/SessionProvider';
import { mayUseModule, NEW_RECORD_PARAM, withoutNewRecordParam } from '../../routeModules';
import { hasPermission } from '../../../contract/permissions';
import { useCallSlot, useResource } from '../../data/resources';
import { useModuleFields } from '../module/catalogueWords';
import { PriorityBadge, SlaBadge, StatusBadge } from './TicketBadges';
import { ticketHref, type TicketRow } from './ticketRows';
import { useTicketWords, type TicketWords } from './ticketWords';
import { asksPastSla, isPastSla, withoutPastSla } from './pastSla';
import { useSay } from '../../kit/sayings';

const ticketDef = moduleNamed('ticket');
/** The fields of a ticket a client's user fills in when he raises one (server/domain/service/tickets.ts). */
const CLIENT_FIELDS = ['title', 'description', 'priority', 'category', 'machineInstanceId', 'contactPhone'];
/** Numbers and badges keep their width: a title wraps instead. */
/** Columns as wide as their content, never clipped (TicketTable.module.css). */
const FITTED: ReadonlySet<string> = new Set(['number', 'priority', 'status', 'sla']);

/**
 * Whether a row holds what the person typed: its number, title, engineer and client, and its kind, status and
 * priority both as shown (in the person's language) and as stored ("In Progress" finds a row shown as 対応中 too).
 */
function matches(row: TicketRow, search: string, words: TicketWords): boolean {
  if (!search) return true;
  const choices = [row.status, row.priority].map((v) => (typeof v === 'string' ? v : ''));
  const texts = [row.alternateId, row.title, row.kind, words.kind(row.kind), ...choices, ...choices.map(words.choice), row.assigneeName, row.names?.clientId].map((v) => String(v ?? '').toLowerCase());
  return texts.some((w) => w.includes(search.toLowerCase()));
}

function TicketCards({ rows, now }: { rows: readonly TicketRow[]; now: Date }) {
  const t = useT();
  const words = useTicketWords();
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row._id} withBorder radius="md" padding="sm" component={Link} href={ticketHref(row)} aria-label={t('tickets.open', { number: String(row.alternateId ?? row._id) })}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={600} size="sm">{String(row.alternateId ?? '')}</Text>
            <StatusBadge status={row.status} />
          </Group>
          <Text size="sm" mb={row.names?.clientId ? 2 : 6}>{String(row.title ?? '')}</Text>
          {/* Whom the work is for: the client's name from the view's names (an engineer may not list clients). */}
          {row.names?.clientId && (
            <Text size="xs" c="dimmed" mb={6}>
              {row.names.clientId}
            </Text>
          )}
          <Group gap={6}>
            <Badge variant="outline" color="gray">{words.kind(row.kind)}</Badge>
            <PriorityBadge priority={row.priority} />
            <SlaBadge ticket={row} now={now} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function TicketTable({ rows, now }: { rows: readonly TicketRow[]; now: Date }) {
  const t = useT();
  const words = useTicketWords();
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {(['number', 'title', 'client', 'kind', 'priority', 'status', 'assignee', 'sla'] as const).map((k) => (
              <Table.Th key={k} className={FITTED.has(k) ? classes.fit : undefined}>
                {t(`tickets.${k}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id}>
              <Table.Td className={classes.fit}>
                <Anchor component={Link} href={ticketHref(row)} aria-label={t('tickets.open', { number: String(row.alternateId ?? row._id) })} fw={600}>
                  {String(row.alternateId ?? row._id)}
                </Anchor>
              </Table.Td>
              <Table.Td>{String(row.title ?? '')}</Table.Td>
              <Table.Td>{row.names?.clientId ?? (row.clientId ? '—' : '')}</Table.Td>
              <Table.Td>{words.kind(row.kind)}</Table.Td>
              <Table.Td className={classes.fit}>
                <PriorityBadge priority={row.priority} />
              </Table.Td>
              <Table.Td className={classes.fit}>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td>{row.assigneeName ?? (row.assignedTo ? '—' : t('tickets.unassigned'))}</Table.Td>
              <Table.Td className={classes.fit}>
                <SlaBadge ticket={row} now={now} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The form comes with the button's first press: an engineer's call list, which offers none, never loads it. */
const NewTicketForm = lazy(() => import('./NewTicketForm').then((m) => ({ default: m.NewTicketForm })));

/**
 * "New ticket" on a call view: the generic ticket form with the machine picked by name and photos held until Save
 * (./NewTicketForm.tsx), opened fresh each time and closed by its own flow.
 */
function NewTicket({ viewCode, onCreated }: { viewCode: string; onCreated: () => void }) {
  const t = useT();
  const me = useSession(selectUser);
  // A client's user sets what a customer knows; the server refuses the service team's fields from him. His site is
  // his machine's (the server takes it from the machine), so he picks the machine only.
  const ticketFields = useModuleFields(ticketDef);
  const fields = useMemo(() => ticketFields.filter((f) => me?.userType !== 'Client-User' || CLIENT_FIELDS.includes(f.name)), [ticketFields, me?.userType]);
  const [open, setOpen] = useState(false);
  const permissions = useSession(selectPermissions);
  const mayCreate = hasPermission(permissions, ticketDef.feature, 'CREATE') || hasPermission(permissions, viewCode, 'CREATE');
  // Opened with ?new (the phone's bottom bar "New"): the form opens and the address drops the parameter.
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  useEffect(() => {
    if (!mayCreate || !new URLSearchParams(search).has(NEW_RECORD_PARAM)) return;
    setOpen(true);
    navigate(pathname + withoutNewRecordParam(search), { replace: true });
  }, [search, mayCreate, navigate, pathname]);
  if (!mayCreate) return null;
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>
        {t('tickets.newTicket')}
      </Button>
      {open && (
        <Suspense fallback={<Loader size="xs" />}>
          <NewTicketForm fields={fields} onClose={() => setOpen(false)} onCreated={onCreated} />
        </Suspense>
      )}
    </>
  );
}

export function TicketCallListScreen({ path, code }: { path: string; code: string }) {
  const t = useT();
  const words = useTicketWords();
  const say = useSay();
  const phone = useMediaQuery('(max-width: 48em)');
  const permissions = useSession(selectPermissions);
  // The route guard let the person in by the view's code, which the server takes for the ticket module's calls.
  const may = mayUseModule(permissions, ticketDef.name);
  const { intents } = useResource(ticketDef.name);
  const slot = useCallSlot(ticketDef.name, 'view');
  const [search, setSearch] = useState('');
  const [now, setNow] = useState(() => new Date());
  const load = useMemo(
    () => () => {
      setNow(new Date());
      intents.call('view', { params: { route: path } });
    },
    [intents, path],
  );
  useEffect(() => {
    if (may) load();
  }, [may, load]);

  const reply = slot.data;
  const all = reply?.data ?? [];
  // Opened from a dashboard's "Past SLA" (?sla=overdue): only the tickets still open after their SLA, said above the list.
  const address = useSearch();
  const [pathname, navigate] = useLocation();
  const pastSla = asksPastSla(address);
  const rows = all.filter((row) => (!pastSla || isPastSla(row, now)) && matches(row, search.trim(), words));

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <TextInput
          label={t('tickets.search')}
          placeholder={t('tickets.searchHint')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={phone ? '100%' : 340}
        />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={load} loading={slot.loading}>
            {t('tickets.refresh')}
          </Button>
          <NewTicket viewCode={code} onCreated={load} />
        </Group>
      </Group>
      {pastSla && (
        <Group gap="xs" role="group" aria-label={t('tickets.filters')}>
          <Badge size="lg" variant="light" color="orange" tt="none" pr={4}
            rightSection={<CloseButton size="sm" variant="transparent" aria-label={t('tickets.removeFilter', { filter: t('tickets.pastSla') })} onClick={() => navigate(withoutPastSla(pathname, address))} />}>
            {t('tickets.pastSla')}
          </Badge>
        </Group>
      )}
      {slot.error != null && !slot.loading && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title={t('tickets.failed', { reason: say(slot.error) ?? '' })}>
          <Button size="xs" variant="light" onClick={load}>
            {t('tickets.retry')}
          </Button>
        </Alert>
      )}
      {slot.loading && !reply ? (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" />
        </Group>
      ) : rows.length === 0 && slot.error == null ? (
        <Text c="dimmed" ta="center" py="xl">
          {search.trim() ? t('tickets.noneMatch', { search: search.trim() }) : pastSla ? t('tickets.nonePastSla') : t('tickets.none')}
        </Text>
      ) : phone ? (
        <TicketCards rows={rows} now={now} />
      ) : (
        <TicketTable rows={rows} now={now} />
      )}
      {all.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('tickets.count', { count: rows.length })}
        </Text>
      )}
    </Stack>
  );
}
