/**
 * /public/subscriber-details (document 1 §2): the illustration beside the form (stacked on a phone), or the
 * success banner once the request is Accepted or On-Board. The session spawns the page's
 * `subscriberDetails` actor (see PublicPageFrame); the page only renders its snapshots and sends events.
 */
import { Alert, Box, Button, Center, Container, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useT } from '../../../i18n';
import type { SubscriberDetailsActorRef } from '../../../machines/flows/subscriberDetails';
import { usePublicActor } from '../../../machines/SessionProvider';
import { FullPageLoader } from '../../kit/FullPageLoader';
import { LanguagePicker } from '../../shell/LanguagePicker';
import { useFailureText } from './publicFailure';
import { SubscriberForm } from './SubscriberForm';
import { SubscriberIllustration } from './SubscriberIllustration';
import { useSubscriberEvents } from './subscriberEvents';
import './subscriberWords';

function Content({ actor }: { actor: SubscriberDetailsActorRef }) {
  const t = useT();
  const events = useSubscriberEvents(actor);
  const state = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('subscribed') ? 'subscribed' : 'form'));
  const error = useSelector(actor, (s) => s.context.error);
  const companyName = useSelector(actor, (s) => s.context.values.companyName);
  const failure = useFailureText(error, 'publicSubscriber.notices.loadFailed');
  if (state === 'loading') {
    return (
      <Center py="xl" role="status">
        <Loader />
      </Center>
    );
  }
  if (state === 'failed') {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('publicSubscriber.notices.loadFailed')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{failure || t('publicSubscriber.notices.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={events.retry}>
            {t('publicSubscriber.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state === 'subscribed') {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={22} />} title={t('publicSubscriber.bannerTitle')} role="status">
        <Text size="sm">{t('publicSubscriber.bannerText')}</Text>
        {companyName && (
          <Text size="sm" fw={600} mt="xs">
            {companyName}
          </Text>
        )}
      </Alert>
    );
  }
  return <SubscriberForm actor={actor} />;
}

export function SubscriberDetailsPage() {
  const t = useT();
  const actor = usePublicActor('subscriberDetails');
  if (!actor) return <FullPageLoader />;
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)" py={{ base: 'md', sm: 'xl' }}>
      <Container size="lg" px={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} pos="relative">
          <Box pos="absolute" top={8} right={8}>
            <LanguagePicker />
          </Box>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack align="center" justify="center" gap="md">
              <Image src="/logo.svg" alt="FieldOps" h={36} w="auto" fit="contain" />
              <SubscriberIllustration />
              <Title order={2} ta="center" fz={{ base: 'h3', sm: 'h2' }}>
                {t('publicSubscriber.title')}
              </Title>
              <Text c="dimmed" size="sm" ta="center" maw={380}>
                {t('publicSubscriber.subtitle')}
              </Text>
            </Stack>
            <Content actor={actor} />
          </SimpleGrid>
        </Paper>
      </Container>
    </Box>
  );
}
