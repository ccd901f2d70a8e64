/**
 * The page of one ticket, of any kind (issue 13): /app/ticket/{module}/{id}. The header says what the ticket is
 * and how urgent (number, title, kind, status, priority, the SLA clock); the facts a technician needs follow
 * (client, site, machine, engineer, when and by whom it was reported, what it is about, what it waits for, its
 * resolution); then the steps the ticket's lifecycle allows this person now and its history (the lifecycle
 * panel, the same workflow actor as every record view), and its timeline (./TicketTimeline.tsx: comments, work
 * logged, spare-part requests). A person who may not read the ticket's module is told
 * so without a call (a 403 would end the session); a ticket outside their scope reads as not found.
 */
import { Alert, Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { moduleNamed, type ModuleDef } from '../../../contract/modules';
import { GENERIC_TICKET_KIND } from '../../../contract/ticketShapes';
import { useT } from '../../../i18n';
import { selectPermissions, selectTimezone, selectUser, useSession } from '../../../machines/SessionProvider';
import { mayUseModule } from '../../routeModules';
import { hasPermission } from '../../../contract/permissions';
import { useRecordWorkflow, useReferenceNames } from '../../data/resources';
import { formatDateTime } from '../dashboards/format';
import { LifecyclePanel } from '../module/LifecyclePanel';
import { hasPdfCall, PdfDownloadButton } from '../module/PdfDownloadButton';
import { PriorityBadge, SlaBadge } from './TicketBadges';
import { TicketTimeline } from './TicketTimeline';
import { isTicketModule, type TicketModuleDef } from './ticketRows';
import { useTicketWords } from './ticketWords';
import { useSay } from '../../kit/sayings';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

function Words({ label, text }: { label: string; text: unknown }) {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return (
    <Fact label={label}>
      <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>
    </Fact>
  );
}

function TicketWorkspace({ def, id }: { def: TicketModuleDef; id: string }) {
  const t = useT();
  const words = useTicketWords();
  const say = useSay();
  const permissions = useSession(selectPermissions);
  const mayWork = mayUseModule(permissions, def.name, 'UPDATE');
  // The machine's card opens to whoever works the ticket or may see the machines (the server checks the same);
  // to anyone else (a client's user) the machine is its name.
  const opensMachine = mayWork || hasPermission(permissions, 'SVC_MACHINE_INSTANCE', 'VIEW');
  const zone = useSession(selectTimezone);
  const me = useSession(selectUser);
  const workflow = useRecordWorkflow(def, id);
  const names = useReferenceNames(['client', 'asset', 'svc-machine-instances', 'subscriber-user']);
  const [now] = useState(() => new Date());
  const ticket = workflow.record;

  if (workflow.status === 'failed' && !ticket) {
    const missing = workflow.error?.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} title={missing ? t('tickets.notFound') : t('tickets.failed', { reason: say(workflow.error) ?? '' })}>
        {!missing && (
          <Button size="xs" variant="light" onClick={workflow.retry}>
            {t('tickets.retry')}
          </Button>
        )}
      </Alert>
    );
  }
  if (!ticket) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" />
      </Group>
    );
  }

  // The server names what the ticket refers to (an engineer may not list clients or users); a list the person
  // may read names the rest.
  const nameOf = (module: string, value: unknown, field: string): string | undefined =>
    ticket.names?.[field] ?? (typeof value === 'string' && value ? (names[module]?.get(value) ?? undefined) : undefined);
  const engineer = typeof ticket.assignedTo === 'string' && ticket.assignedTo ? ticket.assignedTo : undefined;
  const engineerName = engineer === me?._id ? `${t('tickets.you')} (${me?.name ?? ''})` : (nameOf('subscriber-user', engineer, 'assignedTo') ?? (engineer ? '—' : t('tickets.unassigned')));
  const kind = words.kind(typeof ticket.ticketType === 'string' && ticket.ticketType ? ticket.ticketType : GENERIC_TICKET_KIND);
  const reportedAt = typeof ticket.reportedAt === 'string' ? formatDateTime(ticket.reportedAt, zone) : '—';

  return (
    <Stack>
      <Card withBorder radius="md" padding="md" data-testid="ticket-header">
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600} c="dimmed" size="sm">
              {String(ticket.alternateId ?? '')}
            </Text>
            <Badge variant="outline" color="gray">
              {kind}
            </Badge>
            <PriorityBadge priority={ticket.priority} />
            <SlaBadge ticket={ticket} now={now} />
          </Group>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={3}>{String(ticket.title ?? '')}</Title>
            {/* The job card: the work, the parts and the customer's signature, as the customer keeps it. */}
            {hasPdfCall(def) && <PdfDownloadButton def={def} row={ticket} allowed={mayUseModule(permissions, def.name)} />}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" mt="xs">
            <Fact label={t('tickets.assignee')}>{engineerName}</Fact>
            <Fact label={t('tickets.client')}>{nameOf('client', ticket.clientId, 'clientId') ?? '—'}</Fact>
            <Fact label={t('tickets.site')}>{nameOf('asset', ticket.assetId, 'assetId') ?? '—'}</Fact>
            <Fact label={t('tickets.machine')}>
              {typeof ticket.machineInstanceId === 'string' && ticket.machineInstanceId && !opensMachine ? (
                (nameOf('svc-machine-instances', ticket.machineInstanceId, 'machineInstanceId') ?? t('tickets.machine'))
              ) : typeof ticket.machineInstanceId === 'string' && ticket.machineInstanceId ? (
                // The machine's card (where it stands, its service, open tickets, meters): open to whoever works the ticket.
                <Anchor component={Link} href={`/app/machine/${encodeURIComponent(ticket.machineInstanceId)}`}>
                  {nameOf('svc-machine-instances', ticket.machineInstanceId, 'machineInstanceId') ?? t('tickets.machine')}
                </Anchor>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('tickets.reported')}>{reportedAt}</Fact>
            <Fact label={t('tickets.reportedBy')}>{typeof ticket.reportedBy === 'string' && ticket.reportedBy ? ticket.reportedBy : '—'}</Fact>
          </SimpleGrid>
          <Words label={t('tickets.description')} text={ticket.description} />
          {ticket.status === 'On Hold' && <Words label={t('tickets.waitingFor')} text={ticket.holdReason} />}
          <Words label={t('tickets.resolution')} text={ticket.resolution} />
          <Words label={t('tickets.rootCause')} text={ticket.rootCause} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <LifecyclePanel def={def} id={id} workflow={workflow} />
      </Card>
      <TicketTimeline def={def} id={id} mayWork={mayWork} status={String(ticket.status ?? '')} assignedTo={typeof ticket.assignedTo === 'string' ? ticket.assignedTo : undefined} />
    </Stack>
  );
}

export function TicketScreen({ module, id }: { module: string; id: string }) {
  const t = useT();
  const permissions = useSession(selectPermissions);
  const def = useMemo(() => (isTicketModule(module) ? moduleNamed(module) : undefined), [module]);
  const may = def ? mayUseModule(permissions, def.name) : false;
  return (
    <Stack>
      <Group>
        <Anchor component="button" type="button" size="sm" onClick={() => window.history.back()}>
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('tickets.back')}
          </Group>
        </Anchor>
      </Group>
      {def && may ? <TicketWorkspace def={def} id={id} /> : <Alert color="yellow" title={t('tickets.notFound')} />}
    </Stack>
  );
}
