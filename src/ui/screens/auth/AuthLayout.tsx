/** The frame of the sign-in area: the product's mark and a short pitch beside the form. */
import { Box, Center, Image, Paper, SimpleGrid, Stack, Text, Title, List, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n';
import { LanguagePicker } from '../../shell/LanguagePicker';

/** What the product covers, beside the form on a wide screen. */
const POINTS = ['login.points.tickets', 'login.points.machines', 'login.points.sensors'] as const;

export function AuthLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box visibleFrom="md" style={{ background: 'linear-gradient(135deg, #1864ab 0%, #17bcff 100%)', color: '#fff' }}>
        <Center h="100%" p="xl">
          <Stack maw={420} gap="lg">
            <Title order={1} c="white">
              FieldOps
            </Title>
            <Text size="lg" c="white" opacity={0.9}>
              {t('login.pitch')}
            </Text>
            <List spacing="sm" icon={<ThemeIcon color="white" variant="white" radius="xl" size={22}><IconCheck size={14} color="#1864ab" /></ThemeIcon>}>
              {POINTS.map((point) => (
                <List.Item key={point}>
                  <Text c="white">{t(point)}</Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Center>
      </Box>
      <Center p="md" pos="relative">
        <Box pos="absolute" top={12} right={12}>
          <LanguagePicker />
        </Box>
        <Paper w="100%" maw={440} p="xl" radius="md" withBorder shadow="sm">
          <Stack gap="lg">
            <Image src="/logo.svg" alt="FieldOps" h={40} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} />
            {children}
          </Stack>
        </Paper>
      </Center>
    </SimpleGrid>
  );
}
