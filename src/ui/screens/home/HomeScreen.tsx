/**
 * Home: a greeting and the screens the person can open, as cards grouped like their menu (the server's
 * menu, filtered by their privileges, or the fallback menu).
 *
 * The cards come a render after the greeting (issue 18): an administrator's home holds some seventy of them, and
 * on a slow phone rendering them all kept the greeting and the header off the screen for a further 300 ms. The
 * first render shows the greeting with placeholders where the cards go; React renders the cards right after, in
 * the background (useDeferredValue). The placeholders also stand while a fresh sign-in's privileges and menu are on
 * their way, instead of "No modules yet", which is only true once they have come, and on a phone until the cards'
 * icons are in (they load apart from the shell, with the navigation: shell/useNavParts.ts, issue 30).
 */
import { Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconLayoutOff } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useReducer } from 'react';
import { Link } from 'wouter';
import { useT, type TKey } from '../../../i18n';
import { selectIsNavigationLoading, selectRoleNames, selectTimezone, selectUser, usePreferences, useSession } from '../../../machines/SessionProvider';
import { hourIn, quickHourIn } from '../../../contract/zonedTime';
import { afterPaint } from '../../kit/afterPaint';
import { leaves, type NavEntry } from '../../shell/menuModel';
import { useNavEntries, useNavLabel } from '../../shell/useNavigation';
import { useNavParts } from '../../shell/useNavParts';
import type { Icon } from '@tabler/icons-react';

export function greetingKey(hour: number): TKey {
  if (hour < 12) return 'home.greetingMorning';
  if (hour < 17) return 'home.greetingAfternoon';
  return 'home.greetingEvening';
}

/**
 * The hour the greeting names, in the subscriber's zone. The first render reads it without building a date
 * formatter when the zone's offset is fixed (quickHourIn: a formatter's first build cost a slow phone's first paint
 * 50–130 ms, issue 30); once the page has painted, the runtime's own time-zone data answers (hourIn), and the
 * greeting renders again in the rare case they differ (a zone whose rules changed after quickHourIn's table was
 * written). So it is never wrong for longer than a frame after the first paint.
 */
function useGreetingHour(zone: string): number {
  const hour = quickHourIn(zone);
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      afterPaint(() => {
        if (hourIn(zone) !== hour) renderAgain();
      }),
    [zone, hour],
  );
  return hour;
}

function sameList(a: string[], b: string[]) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** The cards to show, and whether they can show yet (false while the privileges, the menu or the icons are on their way). */
interface CardsView {
  entries: NavEntry[];
  ready: boolean;
}

/**
 * What the first render shows of the cards: none yet (they follow, deferred). A deferred render that still shows a
 * view that was not ready (the fallback menu built while the person's own was on its way), or, once the menu has
 * come, the empty fallback, shows placeholders, never those cards and never "No modules yet".
 */
const NOT_YET: CardsView = { entries: [], ready: false };

/** Where the cards go, while they are on their way. */
function CardPlaceholders({ label }: { label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }} role="status" aria-label={label}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} h={72} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function ModuleCard({ entry, color, menuIcon }: { entry: NavEntry; color: string; menuIcon: (name: string | null | undefined) => Icon }) {
  const label = useNavLabel();
  const t = useT();
  const Icon = menuIcon(entry.icon);
  return (
    <UnstyledButton component={Link} href={entry.href ?? '/app/home'} aria-label={`${t('home.open')} ${label(entry)}`}>
      <Card withBorder radius="md" padding="md" h="100%" style={{ transition: 'box-shadow 120ms' }}>
        <Group wrap="nowrap" justify="space-between">
          <Group wrap="nowrap" gap="sm">
            <ThemeIcon size={38} radius="md" variant="light" color={color}>
              <Icon size={20} />
            </ThemeIcon>
            <Text fw={600} size="sm">
              {label(entry)}
            </Text>
          </Group>
          <IconArrowRight size={16} color="var(--mantine-color-dimmed)" />
        </Group>
      </Card>
    </UnstyledButton>
  );
}

export function HomeScreen() {
  const t = useT();
  const user = useSession(selectUser);
  const zone = useSession(selectTimezone);
  const hour = useGreetingHour(zone);
  const roles = useSession(selectRoleNames, sameList);
  const { navColor } = usePreferences();
  const label = useNavLabel();
  const entriesLoading = useSession(selectIsNavigationLoading);
  const current = useNavEntries();
  // The cards' icons come with the navigation's code, which a phone's first render does not wait for.
  const nav = useNavParts();
  const ready = !entriesLoading && nav !== undefined;
  const view = useMemo<CardsView>(() => ({ entries: current, ready }), [current, ready]);
  const shown = useDeferredValue(view, NOT_YET);
  const { entries } = shown;
  const name = user?.name || t('shell.notAvailable');
  const groups = entries.filter((e) => e.children.length > 0);
  const loose = entries.filter((e) => e.children.length === 0 && e.href && e.href !== '/app/home');
  const count = leaves(entries).filter((e) => e.href !== '/app/home').length;

  return (
    <Stack gap="xl">
      <Stack gap={2}>
        <Title order={3}>{t(greetingKey(hour), { name })}</Title>
        <Text c="dimmed">
          {roles.length ? roles.join(', ') : t('shell.notAvailable')} · {t('home.subtitle')}
        </Text>
      </Stack>
      {!nav || entriesLoading || !shown.ready || (shown !== view && count === 0) ? (
        <CardPlaceholders label={t('app.loading')} />
      ) : count === 0 ? (
        <EmptyState icon={<IconLayoutOff size={28} />} withIndicatorBackground title={t('home.noModules')} description={t('home.noModulesText')} />
      ) : (
        <Stack gap="lg" aria-label={t('home.modules')}>
          {loose.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }}>
              {loose.map((e) => (
                <ModuleCard key={e.key} entry={e} color={navColor} menuIcon={nav.menuIcon} />
              ))}
            </SimpleGrid>
          )}
          {groups.map((g) => (
            <Stack key={g.key} gap="xs">
              <Title order={5} c="dimmed" tt="uppercase" fz="xs">
                {label(g)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3, xl: 4 }}>
                {leaves(g.children).map((e) => (
                  <ModuleCard key={e.key} entry={e} color={navColor} menuIcon={nav.menuIcon} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
