/**
 * My Calendar (route my-resource-view, MY_CALENDER; issue 31 item 3): the engineer's bookings (his visits and the
 * tickets planned for him), his logged visits, and his preventive plans' occurrences, on Mantine's own schedule
 * components. An agenda on a phone, the week on a desktop; every time on the subscriber's wall clock.
 */
import './calendarWords';
import '@mantine/dates/styles.css';
import '@mantine/schedule/styles.css';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AgendaView, Schedule, type ScheduleViewLevel } from '@mantine/schedule';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useT } from '../../../i18n';
import { useSay } from '../../kit/sayings';
import { useCatalogueWords } from '../module/catalogueWords';
import { calendarMachine, type CalendarActorRef } from '../../../machines/calendar/machine';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useScreenActor } from '../../../machines/useScreenActor';
import { todayIn, toWallTime } from '../../../contract/zonedTime';
import { covers, scheduleEvents, scheduleLabels, windowOf } from './calendarModel';

/** Below this width the calendar opens on the agenda (a phone held upright). */
export const PHONE_QUERY = '(max-width: 48em)';

type View = 'agenda' | 'day' | 'week' | 'month';

export function CalendarStatus({ actor }: { actor: CalendarActorRef }) {
  const t = useT();
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.data === null);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const say = useSay();
  if (loading) {
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm">{t('cal.loading')}</Text>
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" title={t('cal.failedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{say(error)}</Text>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'calendar.retry' })}>
            {t('cal.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}

export function MyCalendarScreen() {
  const t = useT();
  const words = useCatalogueWords();
  const zone = useSession(selectTimezone);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const today = todayIn(zone);
  const [view, setView] = useState<View>(phone ? 'agenda' : 'week');
  const [date, setDate] = useState(today);
  // Undefined for the first render, until the session has spawned the screen's flow.
  const actor = useScreenActor('myCalendar', calendarMachine, { mine: true, ...windowOf(phone ? 'agenda' : 'week', today) });
  const data = useSelector(actor, (s) => s?.context.data ?? null);
  const loaded = useSelector(actor, (s) => s?.context.window);
  const events = scheduleEvents(data, zone, words.choice);
  const now = () => toWallTime(Date.now(), zone);

  const show = (nextView: View, shownDate: string) => {
    // The schedule hands its date as `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`: the day is the first ten characters.
    const nextDate = shownDate.slice(0, 10);
    setView(nextView);
    setDate(nextDate);
    const wanted = windowOf(nextView, nextDate);
    if (!covers(loaded, wanted)) actor?.send({ type: 'calendar.window', ...wanted });
  };

  const agendaDays = windowOf('agenda', date);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          aria-label={t('cal.view')}
          size="xs"
          value={view}
          onChange={(v) => show(v as View, date)}
          data={[
            { value: 'agenda', label: t('cal.agenda') },
            { value: 'day', label: t('cal.day') },
            { value: 'week', label: t('cal.week') },
            { value: 'month', label: t('cal.month') },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t('cal.timeZoneNote', { zone })}
        </Text>
      </Group>
      {actor && <CalendarStatus actor={actor} />}
      {view === 'agenda' ? (
        <AgendaView
          rangeStart={agendaDays.from}
          rangeEnd={agendaDays.to}
          events={events}
          mode="static"
          labels={scheduleLabels(t)}
          dateHeaderFormat="dddd, DD/MM/YYYY"
          headerFormat="DD/MM/YYYY"
        />
      ) : (
        <Schedule
          view={view as ScheduleViewLevel}
          onViewChange={(v) => show(v === 'year' ? 'month' : (v as View), date)}
          date={date}
          onDateChange={(d) => show(view, d)}
          events={events}
          mode="static"
          labels={scheduleLabels(t)}
          // One switcher (ours, which has the agenda): the schedule's own is hidden.
          // Dates as the product writes them (DD/MM/YYYY); the names of days and months come from the person's locale.
          dayViewProps={{ getCurrentTime: now, startScrollTime: '07:00:00', viewSelectProps: { display: 'none' }, headerFormat: 'dddd DD/MM/YYYY' }}
          weekViewProps={{ getCurrentTime: now, startScrollTime: '07:00:00', viewSelectProps: { display: 'none' }, weekLabelFormat: 'DD/MM' }}
          monthViewProps={{ viewSelectProps: { display: 'none' } }}
        />
      )}
    </Stack>
  );
}
