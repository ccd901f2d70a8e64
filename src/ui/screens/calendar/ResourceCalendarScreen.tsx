/**
 * The dispatcher's resource calendar (route resource-view, RESOURCE_VIEW; issue 31 item 3): engineers as rows, a
 * day or a week of slots, each engineer's hours booked per day beside their name (over-booked days in red, leave
 * marked), bookings dragged to another engineer or time, and the open tickets without a booking in a side list to
 * drag onto the calendar. A drop onto leave or a booked slot is refused with why; a free one is confirmed, then
 * the server moves the booking, the ticket's engineer and its history in one call. The allocations' list and forms
 * stay one tab away.
 */
import './calendarWords';
import '@mantine/dates/styles.css';
import '@mantine/schedule/styles.css';
import { Alert, Badge, Button, Card, Grid, Group, Modal, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { ResourcesSchedule, type ResourcesScheduleViewLevel, type ScheduleResourceData } from '@mantine/schedule';
import { useSelector } from '@xstate/react';
import { useState, type DragEvent } from 'react';
import { useT } from '../../../i18n';
import { useSay } from '../../kit/sayings';
import { useCatalogueWords } from '../module/catalogueWords';
import { dailyLoad, wordedTitle, WORKDAY_HOURS, type UnscheduledTicket } from '../../../contract/calendar';
import { formatDateTime, formatDay, todayIn, toWallTime } from '../../../contract/zonedTime';
import { calendarMachine, type CalendarActorRef, type Move } from '../../../machines/calendar/machine';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';
import { GuardedRouteModulesScreen } from '../module/RouteModulesScreen';
import { CalendarStatus } from './MyCalendarScreen';
import { covers, instantOf, scheduleEvents, scheduleLabels, windowOf, type EntryPayload } from './calendarModel';

/** The drag data of a ticket from the side list. */
export const TICKET_DRAG_TYPE = 'application/x-fieldops-ticket';
/** How long a ticket dropped from the side list is booked for. */
const TICKET_BOOKING_MS = 2 * 3_600_000;

function TicketCard({ ticket }: { ticket: UnscheduledTicket }) {
  const words = useCatalogueWords();
  const onDragStart = (e: DragEvent<HTMLDivElement>) => {
    e.dataTransfer.setData(TICKET_DRAG_TYPE, JSON.stringify({ module: ticket.module, _id: ticket._id, title: `${ticket.alternateId} ${ticket.title}` }));
    // The schedule takes an outside drop as a copy (dropEffect "copy"): a card that allowed only "move" could never
    // be dropped in a real browser, since the two must agree.
    e.dataTransfer.effectAllowed = 'copyMove';
  };
  return (
    <Card withBorder padding="xs" radius="sm" draggable onDragStart={onDragStart} style={{ cursor: 'grab' }} aria-label={`${ticket.alternateId} ${ticket.title}`}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="xs" ff="monospace">
          {ticket.alternateId}
        </Text>
        <Badge size="xs" color={ticket.priority === 'Urgent' ? 'red' : ticket.priority === 'High' ? 'orange' : 'gray'} variant="light">
          {words.choice(ticket.priority)}
        </Badge>
      </Group>
      <Text size="sm" lineClamp={2}>
        {ticket.title}
      </Text>
    </Card>
  );
}

function Unscheduled({ actor }: { actor: CalendarActorRef }) {
  const t = useT();
  const tickets = useSelector(actor, (s) => s.context.data?.unscheduled);
  return (
    <Stack gap="xs">
      <Title order={5}>{t('cal.unscheduled')}</Title>
      <Text size="xs" c="dimmed">
        {t('cal.unscheduledHint')}
      </Text>
      <ScrollArea.Autosize mah={560}>
        <Stack gap={6}>
          {/* Nothing is said before the calendar has loaded: "every ticket is on the calendar" would not be known yet. */}
          {tickets === undefined ? null : tickets.length === 0 ? <Text size="sm">{t('cal.noUnscheduled')}</Text> : tickets.map((ticket) => <TicketCard key={ticket._id} ticket={ticket} />)}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function MoveDialogs({ actor, zone }: { actor: CalendarActorRef; zone: string }) {
  const t = useT();
  const state = useSelector(actor, (s) => (s.matches('confirming') ? 'confirming' : s.matches('saving') ? 'saving' : s.matches('refused') ? 'refused' : 'idle'));
  const move = useSelector(actor, (s) => s.context.move);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const say = useSay();
  const engineers = useSelector(actor, (s) => s.context.data?.engineers ?? []);
  const engineer = engineers.find((e) => e._id === move?.resource)?.name ?? move?.resource ?? '';
  return (
    <>
      <Modal opened={state === 'confirming' || state === 'saving'} onClose={() => actor.send({ type: 'move.cancel' })} title={t('cal.confirmTitle', { title: move?.title ?? '' })} centered>
        <Stack>
          <Text size="sm">{move ? t('cal.confirmText', { engineer, from: formatDateTime(move.start, zone), to: formatDateTime(move.end, zone) }) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'move.cancel' })} disabled={state === 'saving'}>
              {t('cal.cancel')}
            </Button>
            <Button onClick={() => actor.send({ type: 'move.confirm' })} loading={state === 'saving'}>
              {t('cal.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={state === 'refused'} onClose={() => actor.send({ type: 'move.dismiss' })} title={t('cal.refusedTitle', { title: move?.title ?? '' })} centered>
        <Stack>
          <Alert color="red" role="alert">
            {say(refusal)}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => actor.send({ type: 'move.dismiss' })}>{t('cal.dismiss')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ResourceCalendar() {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  const today = todayIn(zone);
  const [view, setView] = useState<ResourcesScheduleViewLevel>('week');
  const [date, setDate] = useState(today);
  // Undefined for the first render, until the session has spawned the screen's flow.
  const actor = useScreenActor('resourceCalendar', calendarMachine, { mine: false, ...windowOf('week', today) });
  const data = useSelector(actor, (s) => s?.context.data ?? null);
  const loaded = useSelector(actor, (s) => s?.context.window);
  const events = scheduleEvents(data, zone, words.choice);
  const shown = windowOf(view === 'day' ? 'day' : 'week', date);
  const load = data ? dailyLoad(data.entries, data.engineers.map((e) => e._id), shown.from, shown.to, zone) : [];
  const resources: ScheduleResourceData[] = (data?.engineers ?? []).map((e) => ({ id: e._id, label: e.name }));

  const show = (nextView: ResourcesScheduleViewLevel, shownDate: string) => {
    // The schedule hands its date as `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`: the day is the first ten characters.
    const nextDate = shownDate.slice(0, 10);
    const level = nextView === 'month' ? 'week' : nextView;
    setView(level);
    setDate(nextDate);
    const wanted = windowOf(level === 'day' ? 'day' : 'week', nextDate);
    if (!covers(loaded, wanted)) actor?.send({ type: 'calendar.window', ...windowOf('week', nextDate) });
  };
  // A drop the schedule could not place in time (no start) is not a move.
  const drop = (move: Move) => {
    if (move.start && move.end) actor?.send({ type: 'move.drop', move });
  };
  const now = () => toWallTime(Date.now(), zone);

  const renderResourceLabel = (resource: ScheduleResourceData) => {
    const days = load.filter((l) => l.engineer === resource.id && (l.hours > 0 || l.onLeave));
    return (
      <Stack gap={2} data-testid={`load-${String(resource.id)}`}>
        <Text size="sm" fw={600}>
          {resource.label}
        </Text>
        <Group gap={4}>
          {days.map((l) => (
            <Badge key={l.day} size="xs" tt="none" variant={l.overBooked ? 'filled' : 'light'} color={l.onLeave ? 'gray' : l.overBooked ? 'red' : 'blue'} title={l.overBooked ? t('cal.overBooked') : l.onLeave ? t('cal.onLeave') : undefined}>
              {view === 'week' ? `${formatDay(l.day, zone).slice(0, 5)} ` : ''}
              {l.onLeave && l.hours === 0 ? t('cal.onLeave') : t('cal.hoursBooked', { hours: l.hours })}
            </Badge>
          ))}
        </Group>
      </Stack>
    );
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('cal.legendLoad', { hours: WORKDAY_HOURS })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('cal.timeZoneNote', { zone })}
            </Text>
          </Group>
          {actor && <CalendarStatus actor={actor} />}
          {/* Mounted with its rows, so it scrolls to today (the schedule scrolls once, when it mounts). */}
          {data && (
            <ResourcesSchedule
              resources={resources}
              events={events}
              view={view}
              onViewChange={(v) => show(v, date)}
              date={date}
              onDateChange={(d) => show(view, d)}
              labels={scheduleLabels(t)}
              renderResourceLabel={renderResourceLabel}
              withEventsDragAndDrop
              canDragEvent={(event) => Boolean((event.payload as EntryPayload | undefined)?.entry.movable)}
              onEventDrop={({ newStart, newEnd, event, resourceId }) => {
                const entry = (event.payload as EntryPayload | undefined)?.entry;
                if (!entry) return;
                drop({ kind: entry.kind === 'visit' ? 'visit' : 'booking', id: entry.recordId, resource: String(resourceId ?? entry.engineer), start: instantOf(newStart, zone), end: instantOf(newEnd, zone), title: wordedTitle(entry, words.choice) });
              }}
              onExternalEventDrop={({ dataTransfer, dropDateTime, resourceId }) => {
                const raw = dataTransfer.getData(TICKET_DRAG_TYPE);
                if (!raw || resourceId === undefined) return;
                const ticket = JSON.parse(raw) as { module: 'svc-ticket' | 'ticket'; _id: string; title: string };
                const start = instantOf(dropDateTime, zone);
                if (!start) return;
                drop({ kind: ticket.module, id: ticket._id, resource: String(resourceId), start, end: new Date(Date.parse(start) + TICKET_BOOKING_MS).toISOString(), title: ticket.title });
              }}
              // Dates as the product writes them (DD/MM/YYYY); the names of days and months come from the person's locale.
              dayViewProps={{ startTime: '00:00:00', endTime: '23:59:59', intervalMinutes: 60, eventDragInterval: 30, getCurrentTime: now, headerFormat: 'dddd DD/MM/YYYY' }}
              // The whole day (field work runs at night too) in four-hour slots, moves snapping to the hour.
              weekViewProps={{ startTime: '00:00:00', endTime: '23:59:59', intervalMinutes: 240, eventDragInterval: 60, slotWidth: 36, getCurrentTime: now, startScrollDateTime: `${date} 00:00:00`, weekLabelFormat: 'DD/MM' }}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        {actor && <Unscheduled actor={actor} />}
      </Grid.Col>
      {actor && <MoveDialogs actor={actor} zone={zone} />}
    </Grid>
  );
}

export function ResourceCalendarScreen({ path, code, title }: { path: string; code: string; title: string }) {
  const t = useT();
  return (
    <Tabs defaultValue="calendar" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="calendar">{t('cal.calendarTab')}</Tabs.Tab>
        <Tabs.Tab value="list">{t('cal.listTab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="calendar">
        <ResourceCalendar />
      </Tabs.Panel>
      <Tabs.Panel value="list">
        <GuardedRouteModulesScreen path={path} code={code} title={title} />
      </Tabs.Panel>
    </Tabs>
  );
}
