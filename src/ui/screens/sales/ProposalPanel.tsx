/**
 * One proposal's sharing and follow-up (issue 5, staff side): its status, sending it as draft or final,
 * generating the customer's link and copying it, its attachments, the view records the public page left
 * and the customer's accept or reject notes. Everything goes through the proposal module's actor (its
 * sendProposal and generatePublicLink calls, and update for the attachments); failures are notified there.
 * The send buttons are offered where the proposal's lifecycle has them (src/machines/lifecycles/proposal.ts);
 * its other steps (back to draft, mark lost, record the deal) and its history are the lifecycle panel below.
 */
import { Alert, Anchor, Badge, Button, CopyButton, Divider, Group, Modal, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconFileCertificate, IconLink, IconSend } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../../i18n';
import './salesWords';
import { useEffect, useMemo, useState } from 'react';
import type { ModuleRecord } from '../../../api/calls';
import { proposal as proposalDef, PROPOSAL_CLOSED_STATUSES, PROPOSAL_SEND_STATUSES, type ProposalStatus } from '../../../contract/modules/sales';
import { ddmmyyyy, type PublicProposal } from '../../../contract/publicProposalTerms';
import { useCallSlot, useModulePermissions, useResource } from '../../data/resources';
import { fileUpload } from '../../../contract/modules/assets';
import { ProposalTerms } from '../public/ProposalTerms';
import { declaredEvents, lifecycleOf, type Lifecycle } from '../../../machines/lifecycles/index';
import { useRecordWorkflow } from '../../data/resources';
import { versionOf } from '../../../machines/recordOffers';
import { LifecyclePanel } from '../module/LifecyclePanel';
import { useCatalogueWords } from '../module/catalogueWords';
import { formatDateTime } from '../../../contract/zonedTime';
import { selectTimezone, useSession } from '../../../machines/SessionProvider';
import { useSay } from '../../kit/sayings';

const PROPOSAL_LIFECYCLE = lifecycleOf(proposalDef.name) as Lifecycle;
/** The steps the send buttons take (with the spec's sendProposal call), by the status they send. */
const SEND_STEPS = { 'Sent(Draft)': 'sendDraft', 'Sent(Final)': 'sendFinal' } as const;

export const STATUS_COLOR: Record<string, string> = {
  Draft: 'gray',
  'Sent(Draft)': 'blue',
  'Sent(Final)': 'indigo',
  View: 'cyan',
  Won: 'green',
  Deal: 'green',
  Lost: 'red',
};


/** Seconds as "2 min 05 s". */
export function duration(seconds: number | undefined): string {
  const s = Math.max(0, Math.round(seconds ?? 0));
  const minutes = Math.floor(s / 60);
  return minutes > 0 ? `${minutes} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

/** When a customer opened the link, on the subscriber's wall clock like the history beside it (issue 31, item 4). */
function viewedAt(iso: string | undefined, zone: string): string {
  return iso ? formatDateTime(iso, zone) : '';
}

interface LinkSlot {
  link: string | null;
  loading: boolean;
}

/** The latest generatePublicLink answer, only when it was for this proposal. */
function useLink(id: string): LinkSlot {
  const slot = useCallSlot('proposal', 'generatePublicLink');
  const forThis = slot.args?.body?.id === id;
  return { link: forThis && slot.data?.link ? slot.data.link : null, loading: Boolean(forThis && slot.loading) };
}

function useSending(id: string): string | null {
  const slot = useCallSlot('proposal', 'sendProposal');
  const body = slot.args?.body;
  return slot.loading && body?.id === id ? (body.status ?? null) : null;
}

function Attachments({ proposal, onSave, saving }: { proposal: PublicProposal; onSave: (docs: Array<{ url: string; name: string }>) => void; saving: boolean }) {
  const can = useModulePermissions(fileUpload);
  const { slots } = useResource(can.view ? fileUpload.name : '', { loadOnMount: can.view });
  const files = slots.list.data as Array<ModuleRecord & { url?: string; name?: string }>;
  const current = (proposal.attachementDocument ?? []).map((d) => d.url);
  const [chosen, setChosen] = useState<string[]>(current);
  const options = useMemo(() => {
    const known = files.filter((f) => typeof f.url === 'string').map((f) => ({ value: f.url as string, label: String(f.name ?? f.url) }));
    const missing = (proposal.attachementDocument ?? []).filter((d) => !known.some((k) => k.value === d.url)).map((d) => ({ value: d.url, label: d.name || d.url }));
    return [...known, ...missing];
  }, [files, proposal.attachementDocument]);
  const changed = chosen.join('\n') !== current.join('\n');
  const t = useT();
  const save = () => onSave(chosen.map((url) => ({ url, name: options.find((o) => o.value === url)?.label ?? url })));
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <MultiSelect label={t('sales.attachments')} placeholder={t('sales.pickFiles')} data={options} value={chosen} onChange={setChosen} searchable clearable style={{ flex: 1, minWidth: 220 }} />
      <Button variant="default" onClick={save} disabled={!changed} loading={saving}>
        {t('sales.saveAttachments')}
      </Button>
    </Group>
  );
}

/**
 * A won proposal's agreement (issue 33): "Make agreement" fills it from the proposal, makes its client and opens its
 * page; once made, the proposal links to it.
 */
function AgreementOfProposal({ proposal, mayCreate }: { proposal: ModuleRecord & PublicProposal & { agreementId?: string; names?: Record<string, string> }; mayCreate: boolean }) {
  const t = useT();
  const say = useSay();
  const { intents } = useResource('proposal');
  const slot = useCallSlot('proposal', 'makeAgreement');
  const [, navigate] = useLocation();
  const forThis = slot.args?.params?.id === proposal._id;
  const made = forThis && slot.data ? slot.data : null;
  useEffect(() => {
    if (made) navigate(`/app/agreement/${String(made.agreement._id)}`);
  }, [made, navigate]);
  const agreementId = proposal.agreementId ?? (made ? String(made.agreement._id) : undefined);
  if (agreementId) {
    const number = proposal.names?.agreementId ?? (made ? String(made.agreement.alternateId ?? '') : '');
    return (
      <Anchor component={Link} href={`/app/agreement/${agreementId}`} fw={600}>
        {t('sales.openAgreement', { number })}
      </Anchor>
    );
  }
  if (!mayCreate || !['Won', 'Deal'].includes(String(proposal.status))) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button leftSection={<IconFileCertificate size={16} />} onClick={() => intents.call('makeAgreement', { params: { id: proposal._id } })} loading={forThis && slot.loading}>
        {forThis && slot.loading ? t('sales.makingAgreement') : t('sales.makeAgreement')}
      </Button>
      {forThis && slot.error && !slot.loading && (
        <Alert color="red" role="alert">
          {say(slot.error) ?? proposalDef.calls?.find((c) => c.name === 'makeAgreement')?.message}
        </Alert>
      )}
    </Stack>
  );
}

export function ProposalPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { slots, intents } = useResource('proposal');
  const can = useModulePermissions(proposalDef);
  const proposal = slots.list.data.find((r) => r._id === id) as (ModuleRecord & PublicProposal) | undefined;
  const link = useLink(id);
  const sending = useSending(id);
  const workflow = useRecordWorkflow(proposalDef, id);
  const zone = useSession(selectTimezone);
  const t = useT();
  const words = useCatalogueWords();
  if (!proposal) return null;
  const status = proposal.status ?? 'Draft';
  const sendable = PROPOSAL_SEND_STATUSES.filter((next) => declaredEvents(PROPOSAL_LIFECYCLE, status).includes(SEND_STEPS[next]));
  const views = proposal.totalViewTime ?? [];
  const send = (next: (typeof PROPOSAL_SEND_STATUSES)[number]) => intents.call('sendProposal', { body: { id, status: next } });
  return (
    <Modal opened onClose={onClose} size="xl" title={<Title order={4}>{proposal.alternateId ?? t('sales.proposal')}</Title>}>
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Badge size="lg" color={STATUS_COLOR[status] ?? 'gray'} aria-label={t('sales.proposalStatus', { status: words.choice(status) })}>
            {words.choice(status)}
          </Badge>
          {proposal.proposalValidity && <Text size="sm">{t('sales.validUntil', { date: ddmmyyyy(proposal.proposalValidity) })}</Text>}
        </Group>
        <ProposalTerms proposal={proposal} />
        <Divider label={t('sales.sendAndShare')} labelPosition="left" />
        {can.update && sendable.length > 0 && (
          <Group gap="sm" wrap="wrap">
            {sendable.includes('Sent(Draft)') && (
              <Button leftSection={<IconSend size={16} />} variant="light" onClick={() => send('Sent(Draft)')} loading={sending === 'Sent(Draft)'} disabled={sending !== null}>
                {t('sales.sendDraft')}
              </Button>
            )}
            {sendable.includes('Sent(Final)') && (
              <Button leftSection={<IconSend size={16} />} onClick={() => send('Sent(Final)')} loading={sending === 'Sent(Final)'} disabled={sending !== null}>
                {t('sales.sendFinal')}
              </Button>
            )}
          </Group>
        )}
        {can.update && status !== 'Draft' && (
          <Stack gap="xs">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Button leftSection={<IconLink size={16} />} variant="default" onClick={() => intents.call('generatePublicLink', { body: { id } })} loading={link.loading}>
                {t('sales.generateLink')}
              </Button>
              {link.link && (
                <CopyButton value={link.link}>
                  {({ copied, copy }) => (
                    <Button color={copied ? 'teal' : 'blue'} variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                      {copied ? t('sales.copied') : t('sales.copyLink')}
                    </Button>
                  )}
                </CopyButton>
              )}
            </Group>
            {link.link && <TextInput label={t('sales.customerLink')} value={link.link} readOnly onFocus={(e) => e.currentTarget.select()} />}
            {link.link && (
              <Text size="xs" c="dimmed">
                {t('sales.linkReplaces')}
              </Text>
            )}
          </Stack>
        )}
        {status === 'Draft' && (
          <Text size="sm" c="dimmed">
            {t('sales.sendForLink')}
          </Text>
        )}
        {can.update && !PROPOSAL_CLOSED_STATUSES.includes(status as ProposalStatus) && <Attachments proposal={proposal} saving={slots.update.loading} onSave={(docs) => intents.update(id, { attachementDocument: docs }, { version: versionOf(proposal) })} />}
        <Divider label={t('sales.views', { count: views.length })} labelPosition="left" />
        {views.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('sales.notOpened')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label={t('sales.viewRecords')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sales.viewedOn')}</Table.Th>
                  <Table.Th>{t('sales.timeOnPage')}</Table.Th>
                  <Table.Th>{t('sales.link')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {views.map((v) => (
                  <Table.Tr key={v._id}>
                    <Table.Td>{viewedAt(v.viewedAt, zone)}</Table.Td>
                    <Table.Td>{duration(v.time)}</Table.Td>
                    <Table.Td>{v.status ? words.choice(v.status) : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {(proposal.acceptNote || proposal.declineNote) && (
          <Alert color={proposal.acceptNote && status !== 'Lost' ? 'green' : 'red'} title={status === 'Lost' ? t('sales.rejectNotes') : t('sales.acceptNotes')}>
            {status === 'Lost' ? proposal.declineNote : proposal.acceptNote}
          </Alert>
        )}
        <AgreementOfProposal proposal={proposal} mayCreate={can.create} />
        <Divider label={t('sales.stepsAndHistory')} labelPosition="left" />
        <LifecyclePanel def={proposalDef} id={id} workflow={workflow} omit={Object.values(SEND_STEPS)} />
      </Stack>
    </Modal>
  );
}
