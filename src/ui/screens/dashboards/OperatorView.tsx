/**
 * Route `operator-view`: a field engineer's day. My open tickets, the urgent ones and those past their
 * SLA first; preventive maintenance assigned to me that is due today or overdue; my calendar for the
 * week. Each item leads to the list it lives in (the list screens have no per-record address yet, so
 * the ticket number is shown to find it there). Parts whose module the person may not view are left out.
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconClockExclamation, IconTicket, IconTool } from '@tabler/icons-react';
import { Link } from 'wouter';
import { wordedTitle } from '../../../contract/calendar';
import { useT } from '../../../i18n';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { createDashboardMachine } from '../../../machines/flows/dashboard';
import { colorOf } from './chartData';
import { loadOperatorDay } from './dashboardCalls';
import type { MyTicket, OperatorDay } from './dashboardData';
import { ChartCard, NoAccess, StatTile } from './DashboardCards';
import { DashboardFrame } from './DashboardFrame';
import { formatCount, formatDate, formatDateTime } from './format';
import { myTicketRoutes, OPEN_TICKET_ROUTES, URGENT_TICKET_ROUTES, useRouteChooser, type RouteChooser, PAST_SLA_ROUTES } from './routeLinks';
import { pastSlaHref } from '../tickets/pastSla';
import { useTicketWords } from '../tickets/ticketWords';
import { useDashboard } from './useDashboard';
import './dashboardWords';

const operatorMachine = createDashboardMachine(loadOperatorDay);

function TicketItem({ ticket, choose }: { ticket: MyTicket; choose: RouteChooser }) {
  const t = useT();
  const words = useTicketWords();
  const zone = useSession(selectTimezone);
  const name = ticket.alternateId ?? ticket.title;
  const href = choose(myTicketRoutes(ticket.module, ticket.type));
  return (
    <Paper withBorder radius="sm" p="sm" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {href ? (
              <Anchor component={Link} href={href} aria-label={t('dash.openTicket', { name })}>
                {name}
              </Anchor>
            ) : (
              name
            )}{' '}
            · {ticket.title}
          </Text>
          <Text size="xs" c="dimmed">
            {words.kind(ticket.type)} · {words.choice(ticket.status)}
            {ticket.slaDueAt ? ` · ${t('dash.slaDue', { date: formatDateTime(ticket.slaDueAt, zone) })}` : ''}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {ticket.overdue && (
            <Badge color="orange" variant="light">
              {t('dash.overdue')}
            </Badge>
          )}
          <Badge color={colorOf(ticket.priority)} variant="light">
            {words.choice(ticket.priority)}
          </Badge>
        </Group>
      </Group>
    </Paper>
  );
}

function DayBody({ day }: { day: OperatorDay }) {
  const t = useT();
  const words = useTicketWords();
  const zone = useSession(selectTimezone);
  const choose = useRouteChooser();
  if (!day.tickets && !day.maintenance && !day.calendar) return <NoAccess title={t('dash.nothingForRole')} text={t('dash.nothingForRoleText')} />;
  const pmHref = choose(['preventive-maintenance']);
  const calendarHref = choose(['my-resource-view', 'resource-view']);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('dash.today', { date: formatDate(day.date) })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {day.tickets && (
          <>
            <StatTile label={t('dash.myOpen')} value={formatCount(day.tickets.open)} href={choose(['my-open-tickets', ...OPEN_TICKET_ROUTES])} icon={<IconTicket size={20} />} />
            <StatTile label={t('dash.urgent')} value={formatCount(day.tickets.urgent)} href={choose(['my-urgent-tickets', ...URGENT_TICKET_ROUTES])} color="red" icon={<IconAlertTriangle size={20} />} />
            <StatTile label={t('dash.overdue')} value={formatCount(day.tickets.overdue)} href={pastSlaHref(choose(['my-open-tickets', ...PAST_SLA_ROUTES]))} color="orange" icon={<IconClockExclamation size={20} />} />
          </>
        )}
        {day.maintenance && (
          <StatTile label={t('dash.pmDueToday')} value={formatCount(day.maintenance.dueToday)} hint={`${t('dash.pmOverdue')}: ${formatCount(day.maintenance.overdue)}`} href={pmHref} icon={<IconTool size={20} />} />
        )}
      </SimpleGrid>
      {day.tickets && (
        <ChartCard title={t('dash.myOpen')} empty={day.tickets.items.length === 0 ? t('dash.noOpenTickets') : undefined}>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {day.tickets.items.map((ticket) => (
              <TicketItem key={`${ticket.module}:${ticket._id}`} ticket={ticket} choose={choose} />
            ))}
          </Stack>
        </ChartCard>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {day.maintenance && (
          <ChartCard
            title={t('dash.maintenanceDue')}
            href={pmHref}
            empty={day.maintenance.items.length === 0 ? t('dash.noMaintenanceDue') : undefined}
            figures={day.maintenance.items.map((p) => ({ label: `${p.alternateId ?? ''} ${p.title}`.trim(), value: p.overdue ? `${t('dash.pmOverdue')} · ${formatDate(p.nextDueDate)}` : t('dash.dueOn', { date: formatDate(p.nextDueDate) }), href: pmHref }))}
          />
        )}
        {day.calendar && (
          <ChartCard title={t('dash.myCalendar')} href={calendarHref} empty={day.calendar.items.length === 0 ? t('dash.calendarEmpty') : undefined}>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {day.calendar.items.map((a) => (
                <Group key={a._id} component="li" gap="xs" wrap="nowrap" align="flex-start">
                  <IconCalendarEvent size={16} style={{ marginTop: 2, flexShrink: 0 }} />
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {/* A booking titled by its type ("Leave") reads as the calendars word it. */}
                      {wordedTitle({ title: a.title, type: a.allocationType }, words.choice)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(a.start, zone)} – {formatDateTime(a.end, zone)} · {words.choice(a.allocationType)}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          </ChartCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}

export function OperatorView({ segment }: { segment: string }) {
  const view = useDashboard('operatorDashboard', operatorMachine);
  return (
    <DashboardFrame segment={segment} view={view}>
      {(day) => <DayBody day={day} />}
    </DashboardFrame>
  );
}
