/**
 * Pieces the machine and sensor screens share: the loading, failure, no-access and empty states, a machine
 * picker, and one hook that tells whether the person holds a privilege (the screens never ask the server
 * for what it would refuse: a 403 is treated by the HTTP layer as a lost session).
 */
import './machineWords';
import { Alert, Button, Center, EmptyState, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ErrorPayload } from '../../../api/http';
import { useT } from '../../../i18n';
import { useFailureText } from '../../kit/sayings';
import { machineLabel, type MachineOption } from '../../../machines/flows/machineDashboardCalls';

export function LoadingPanel({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** A failure with the server's message (or the spec's default) and a way to try again. */
export function FailurePanel({ title, error, fallback, onRetry }: { title: string; error: ErrorPayload | null; fallback: string; onRetry?: () => void }) {
  const t = useT();
  const failure = useFailureText();
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{failure(error, fallback)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('md.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Shown instead of a screen's data when the person lacks the privilege its calls need. */
export function NoAccessPanel({ feature }: { feature: string }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconLock size={28} />} withIndicatorBackground title={t('md.noAccessTitle')} description={t('md.noAccessText', { feature })} />
    </Paper>
  );
}

export function EmptyPanel({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconMoodEmpty size={28} />} withIndicatorBackground title={title} description={description}>
        {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}

export interface MachinePickerProps {
  machines: readonly MachineOption[];
  value: string | null;
  onPick: (machineId: string) => void;
  disabled?: boolean;
}

/** A searchable list of machine instances by name, alternate id and serial number. */
export function MachinePicker({ machines, value, onPick, disabled }: MachinePickerProps) {
  const t = useT();
  return (
    <Select
      label={t('md.machine')}
      placeholder={t('md.pickMachine')}
      searchable
      nothingFoundMessage={t('md.noMachineMatches')}
      disabled={disabled}
      value={value}
      onChange={(id) => id && onPick(id)}
      data={machines.map((m) => ({ value: m._id, label: `${machineLabel(m)}${m.name ? ` (${m.serialNo})` : ''}` }))}
      maw={480}
    />
  );
}
