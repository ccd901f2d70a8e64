/**
 * /public/businessProposal (document 1 §2): what a customer sees on a phone or a desktop. The session
 * spawns the page's `publicProposal` actor (see PublicPageFrame); the page only renders its snapshots and
 * sends events; scrolling anywhere on the page is reported so the machine can debounce the view time.
 */
import { Alert, Box, Button, Center, Container, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileDescription } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useT } from '../../../i18n';
import type { PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { usePublicActor } from '../../../machines/SessionProvider';
import { FullPageLoader } from '../../kit/FullPageLoader';
import { LanguagePicker } from '../../shell/LanguagePicker';
import { useFailureText } from './publicFailure';
import './proposalWords';
import { ProposalDecision } from './ProposalDecision';
import { ProposalDownloads } from './ProposalDownloads';
import { ProposalHeading, ProposalTerms } from './ProposalTerms';
import { useProposalEvents } from './proposalEvents';

/** Any scroll on the page (window or an inner scroller) restarts the view-time debounce. */
function useScrollReports(actor: PublicProposalActorRef): void {
  const { scrolled, hidden, visible } = useProposalEvents(actor);
  useEffect(() => {
    window.addEventListener('scroll', scrolled, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', scrolled, { capture: true });
  }, [scrolled]);
  // Time on the page counts only while it is in sight; going away (another tab, a locked phone, closing) sends it.
  useEffect(() => {
    const changed = () => (document.visibilityState === 'hidden' ? hidden() : visible());
    if (document.visibilityState === 'hidden') hidden();
    document.addEventListener('visibilitychange', changed);
    window.addEventListener('pagehide', hidden);
    return () => {
      document.removeEventListener('visibilitychange', changed);
      window.removeEventListener('pagehide', hidden);
    };
  }, [hidden, visible]);
}

function ProposalBody({ actor }: { actor: PublicProposalActorRef }) {
  const t = useT();
  const events = useProposalEvents(actor);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const proposal = useSelector(actor, (s) => s.context.proposal);
  const failure = useFailureText(error, 'publicProposal.notices.loadFailed');
  if (loading) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            {t('publicProposal.loading')}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('publicProposal.notices.loadFailed')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failure}</Text>
          <Button size="xs" variant="light" color="red" onClick={events.retry}>
            {t('publicProposal.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!proposal) return null;
  return (
    <Stack gap="xl">
      <ProposalTerms proposal={proposal} withHeading={false} />
      <Box aria-label={t('publicProposal.decision')} component="section">
        <ProposalDecision actor={actor} />
      </Box>
    </Stack>
  );
}

/**
 * The page's one section, shown as the current entry of its navigation. Drawn with Group and Text, which the page
 * loads anyway, in the colours of Mantine's active NavLink: NavLink itself would add 3 KB to a customer's first
 * page (issue 18) for an entry that leads nowhere.
 */
function SectionTab() {
  const t = useT();
  return (
    <Group gap="sm" wrap="nowrap" px="sm" py={8} aria-current="page" bg="var(--mantine-color-blue-light)" c="var(--mantine-color-blue-light-color)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <IconFileDescription size={18} aria-hidden />
      <Text size="sm" fw={500}>
        {t('publicProposal.rentalProposal')}
      </Text>
    </Group>
  );
}

export function BusinessProposalPage() {
  const actor = usePublicActor('businessProposal');
  return actor ? <ProposalPage actor={actor} /> : <FullPageLoader />;
}

function ProposalPage({ actor }: { actor: PublicProposalActorRef }) {
  const t = useT();
  useScrollReports(actor);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="var(--mantine-color-body)" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="sm" px={{ base: 'sm', sm: 'md' }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {/* Smaller on a phone, so the logo, Download Files and the language picker fit 390 px in every language. */}
            <Image src="/logo.svg" alt="FieldOps" h={{ base: 26, sm: 32 }} w="auto" fit="contain" />
            <Group gap={4} wrap="nowrap">
              <ProposalDownloads actor={actor} />
              <LanguagePicker />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <Box component="nav" aria-label={t('publicProposal.sections')} w={220} visibleFrom="sm">
            <SectionTab />
          </Box>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }} style={{ flex: 1, minWidth: 0 }}>
            <Box hiddenFrom="sm" mb="sm">
              <SectionTab />
            </Box>
            {/* The page's heading, shown while the proposal loads too: it is in the page's HTML (issue 30). */}
            <ProposalHeading mb={4} />
            <ProposalBody actor={actor} />
          </Paper>
        </Group>
      </Container>
    </Box>
  );
}
