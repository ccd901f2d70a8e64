/**
 * The public pages clients open from a link (/public/businessProposal, /public/subscriber-details): the
 * query parameters become the page's input; a link missing them says so plainly.
 *
 * The link's token is stored as the auth token (document 1 §2), which ends any staff session kept in this
 * browser. The gate waits until the session has been restored, signs such a session out (so the shell never
 * calls with a token that is not a session), and only then starts the page, whose first act stores the token.
 */
import { Center, EmptyState, Image, Paper, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../i18n';
import { selectIsRestoring, selectIsSignedIn, useSession, useSessionEvents } from '../../../machines/SessionProvider';
import { FullPageLoader } from '../../kit/FullPageLoader';
import { BusinessProposalPage } from './BusinessProposalPage';
import { SubscriberDetailsPage } from './SubscriberDetailsPage';

function InvalidLink() {
  const t = useT();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack align="center">
          <Image src="/logo.svg" alt="FieldOps" h={40} w="auto" fit="contain" />
          <EmptyState icon={<IconLinkOff size={28} />} variant="light" color="red" title={t('public.invalidTitle')} description={t('public.invalidText')} role="alert" />
        </Stack>
      </Paper>
    </Center>
  );
}

export function PublicSessionGate({ children }: { children: ReactNode }) {
  const restoring = useSession(selectIsRestoring);
  const signedIn = useSession(selectIsSignedIn);
  const { expire } = useSessionEvents();
  useEffect(() => {
    if (signedIn) expire();
  }, [signedIn, expire]);
  if (restoring || signedIn) return <FullPageLoader />;
  return <>{children}</>;
}

function useQuery(): URLSearchParams {
  return new URLSearchParams(useSearch());
}

const filled = (value: string | null): value is string => value !== null && value.trim() !== '';

export function BusinessProposalScreen() {
  const query = useQuery();
  const token = query.get('token');
  const proposalId = query.get('zyxP');
  if (!filled(token) || !filled(proposalId)) return <InvalidLink />;
  return (
    <PublicSessionGate>
      <BusinessProposalPage input={{ token, proposalId, linkStatus: query.get('acbS') }} />
    </PublicSessionGate>
  );
}

export function SubscriberDetailsScreen() {
  const query = useQuery();
  const token = query.get('token');
  const requestId = query.get('acbS');
  if (!filled(token) || !filled(requestId)) return <InvalidLink />;
  return (
    <PublicSessionGate>
      <SubscriberDetailsPage input={{ token, requestId }} />
    </PublicSessionGate>
  );
}
