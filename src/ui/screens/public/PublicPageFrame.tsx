/**
 * The public pages clients open from a link (/public/businessProposal, /public/subscriber-details). The
 * session owns everything about the link: the screen sends the page and its query (`public.open`), and
 * the session ends any staff session kept in this tab, reads the query and spawns the page's actor, whose
 * first request stores the link's token as the auth token (document 1 §2); a link missing its parameters
 * is shown as such. Leaving the screen closes the page (`public.close`), which stops its actor.
 *
 * Each page is a screen of its own (BusinessProposalScreen.tsx, SubscriberDetailsScreen.tsx), loaded on its
 * own, so a customer opening a proposal does not load the subscriber details form and its text modals.
 *
 * Every public page offers the language picker (its menu loads when wanted), so a customer reads the page in their
 * language; the first visit's language is the browser's when it is one of the four (machines/flows/preferences.ts).
 */
import { Box, Center, EmptyState, Image, Paper, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../../i18n';
import type { PublicPageName } from '../../../machines/sessionMachine';
import { usePublicPage } from '../../../machines/SessionProvider';
import { FullPageLoader } from '../../kit/FullPageLoader';
import { LanguagePicker } from '../../shell/LanguagePicker';

function InvalidLink() {
  const t = useT();
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)" pos="relative">
      <Box pos="absolute" top={12} right={12}>
        <LanguagePicker />
      </Box>
      <Paper withBorder radius="md" p="xl" maw={520} w="100%">
        <Stack align="center">
          <Image src="/logo.svg" alt="FieldOps" h={40} w="auto" fit="contain" />
          <EmptyState icon={<IconLinkOff size={28} />} variant="light" color="red" title={t('public.invalidTitle')} description={t('public.invalidText')} role="alert" />
        </Stack>
      </Paper>
    </Center>
  );
}

export function PublicPage({ page, children }: { page: PublicPageName; children: ReactNode }) {
  const status = usePublicPage(page, useSearch());
  if (status === 'invalid') return <InvalidLink />;
  if (status === 'opening') return <FullPageLoader />;
  return <>{children}</>;
}
