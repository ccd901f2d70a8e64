/**
 * Routes open to any signed-in user (spec document 1 §2) other than home and sign: the module the route
 * is named after when the catalogue has it and the person may list it (`{product}Dashboard` →
 * product module, fire-extinguisher), otherwise the route's purpose and a way on.
 */
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconChartDots3 } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useT } from '../../../i18n';
import { useMayOpenScreen } from '../../../machines/useMayOpenScreen';
import { moduleForOpenRoute } from '../../routeModules';
import { ModuleListScreen } from '../module/ModuleListScreen';
import { OPEN_ROUTE_SCREENS } from '../dashboards/registry';

function NotYetBuilt({ title }: { title: string }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState icon={<IconChartDots3 size={28} />} withIndicatorBackground title={t('module.pendingTitle')} description={t('module.openPending', { title })}>
        <EmptyState.Actions>
          <Button component={Link} href="/app/home" variant="light">
            {t('shell.goHome')}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

export function OpenRouteScreen({ segment, title }: { segment: string; title: string }) {
  const Screen = OPEN_ROUTE_SCREENS[segment];
  if (Screen) return <Screen segment={segment} title={title} />;
  return <ModuleOrPending segment={segment} title={title} />;
}

function ModuleOrPending({ segment, title }: { segment: string; title: string }) {
  const def = moduleForOpenRoute(segment);
  const mayView = useMayOpenScreen(segment);
  if (def && mayView) return <ModuleListScreen def={def} />;
  return <NotYetBuilt title={title} />;
}
