/**
 * The pieces dashboards are made of: a figure tile (a number, its label, a link to its list), a chart
 * card (a title, the chart, and the same figures written out so they can be read without the picture,
 * by screen readers too), and the empty state of a role that sees none of a dashboard's modules.
 */
import { Anchor, ColorSwatch, EmptyState, Group, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import classes from './DashboardCards.module.css';
import './dashboardWords';

export interface StatTileProps {
  label: string;
  value: string;
  /** The list behind the figure, when the person may open it. */
  href?: string;
  color?: string;
  hint?: string;
  icon?: ReactNode;
}

export function StatTile({ label, value, href, color, hint, icon }: StatTileProps) {
  const figure = (
    <Text fz={28} fw={700} lh={1.1} c={color} data-testid="stat-value">
      {value}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="md" aria-label={`${label}: ${value}`} role="group" className={href ? classes.linkedTile : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed" fw={500}>
              {label}
            </Text>
            {href && <IconArrowRight size={14} color="var(--mantine-color-dimmed)" aria-hidden />}
          </Group>
          {href ? (
            <Anchor component={Link} href={href} underline="hover" c="inherit" className={classes.tileLink} aria-label={`${label}: ${value}`}>
              {figure}
            </Anchor>
          ) : (
            figure
          )}
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
        {icon && (
          <ThemeIcon variant="light" color={color ?? 'blue'} size={36} radius="md">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}

export interface Figure {
  label: string;
  value: string;
  href?: string;
  /** CSS colour of the figure's chart segment, shown as a swatch. */
  color?: string;
}

export interface ChartCardProps {
  title: string;
  href?: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
  children?: ReactNode;
  /** The chart's figures written out below it. */
  figures?: readonly Figure[];
}

export function ChartCard({ title, href, empty, children, figures }: ChartCardProps) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          {href && (
            <Anchor component={Link} href={href} size="sm">
              <Group gap={4} wrap="nowrap">
                {t('dash.openList')}
                <IconArrowRight size={14} />
              </Group>
            </Anchor>
          )}
        </Group>
        {empty ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {empty}
          </Text>
        ) : (
          <>
            {children}
            {figures && figures.length > 0 && <FigureTable figures={figures} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function FigureTable({ figures }: { figures: readonly Figure[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Tbody>
        {figures.map((f) => (
          <Table.Tr key={f.label}>
            <Table.Td c="dimmed">
              <Group gap={8} wrap="nowrap">
                {f.color && <ColorSwatch color={f.color} size={10} withShadow={false} aria-hidden />}
                {f.href ? (
                  <Anchor component={Link} href={f.href} size="sm">
                    {f.label}
                  </Anchor>
                ) : (
                  f.label
                )}
              </Group>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {f.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The dashboard has nothing the person may see. */
export function NoAccess({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconLock size={28} />} withIndicatorBackground title={title} description={text} />
    </Paper>
  );
}
