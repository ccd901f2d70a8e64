/**
 * What a guarded route shows: its catalogue module(s), found by code (see ui/routeModules.ts). One
 * module: its list screen. Several: one tab each. None yet: the route's purpose and which module will
 * appear, so nobody meets a blank page while the catalogue grows.
 */
import { Anchor, Badge, EmptyState, Paper, Tabs, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, useSearch } from 'wouter';
import { addEnglish, useT, type TKey } from '../../../i18n';
import '../parts/stockWords';
import { ticketsEn } from '../../../i18n/tickets/en';
import { selectUser, useSession } from '../../../machines/SessionProvider';
import { fixedValues, matchesView, modulesForRoute, type RouteModule } from '../../routeModules';
import { ModuleListScreen } from './ModuleListScreen';
import { useCatalogueWords } from './catalogueWords';
import type { Row } from './listView';
import { TICKET_MODULES, ticketHref } from '../tickets/ticketRows';
import { usePaymentChecks } from '../billing/paymentChecks';
import { productRecordCells } from '../admin/productRecordWords';

addEnglish({ tickets: ticketsEn });

/** A ticket's row links to the ticket's page (issue 13), where its whole story and its steps are. */
function TicketPageLink({ module, row }: { module: string; row: Row }) {
  const t = useT();
  const number = String(row.alternateId ?? row._id);
  return (
    <Anchor component={Link} href={ticketHref({ module, _id: row._id })} size="xs" aria-label={t('tickets.open', { number })} ml={4} style={{ whiteSpace: 'nowrap' }}>
      {t('tickets.openPage')}
    </Anchor>
  );
}

/** The width the ticket page link takes in a row's actions (its longest wording, "Ouvrir la page", at xs). */
const TICKET_LINK_PX = 110;

/**
 * What a route adds to its list beside New, by the route's path: work that starts from other records (a
 * supplementary invoice is made from a ticket's open bills). Loaded with the route that shows it.
 */
const ROUTE_ACTIONS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  generateSupplementaryInvoice: lazy(() => import('../billing/InvoiceBills')),
};

/**
 * Tabs a route shows beside its modules' lists, by the route's path, opened by `?tab=` (Manage Spare Parts' low stock,
 * issue 32, where the dashboard's "below reorder" number leads). Loaded with the route that shows them.
 */
const ROUTE_TABS: Partial<Record<string, ReadonlyArray<{ value: string; label: TKey; Screen: LazyExoticComponent<ComponentType> }>>> = {
  'manage-spare-part': [{ value: 'low-stock', label: 'stock.lowStockTab', Screen: lazy(() => import('../parts/LowStockScreen')) }],
};

function RouteActions({ path }: { path?: string }) {
  const Actions = path ? ROUTE_ACTIONS[path] : undefined;
  return Actions ? (
    <Suspense fallback={null}>
      <Actions />
    </Suspense>
  ) : null;
}

function ModuleOnRoute({ entry, path }: { entry: RouteModule; path?: string }) {
  const user = useSession(selectUser);
  const userId = user?._id;
  const rowFilter = useMemo(() => (entry.filter ? (row: Row) => matchesView(row, entry.filter, userId) : undefined), [entry.filter, userId]);
  const fixed = useMemo(() => fixedValues(entry.filter), [entry.filter]);
  const isTicket = (TICKET_MODULES as readonly string[]).includes(entry.def.name);
  const rowActions = useMemo(() => (isTicket ? (row: Row) => <TicketPageLink module={entry.def.name} row={row} /> : undefined), [isTicket, entry.def.name]);
  const paymentChecks = usePaymentChecks(entry.def.name === 'payment');
  const t = useT();
  const formatCell = useMemo(() => productRecordCells(entry.def.name, t), [entry.def.name, t]);
  return (
    <ModuleListScreen def={entry.def} formatCell={formatCell} viewCode={entry.code !== entry.def.feature ? entry.code : undefined} rowFilter={rowFilter} rowActions={rowActions} rowActionsWidth={isTicket ? TICKET_LINK_PX : undefined}
      actions={<RouteActions path={path} />} extraValidate={paymentChecks} fixed={fixed} />
  );
}

export function PendingModule({ code, title }: { code: string; title: string }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        icon={<IconPackages size={28} />}
        withIndicatorBackground
        title={t('module.pendingTitle')}
        description={
          <>
            <Text span>{t('module.pendingGeneric', { code })}</Text>{' '}
            <Badge variant="light" ml={4}>
              {title}
            </Badge>
          </>
        }
      />
    </Paper>
  );
}

export function RouteModulesScreen({ modules, code, title, path }: { modules: readonly RouteModule[]; code: string; title: string; path?: string }) {
  const t = useT();
  const words = useCatalogueWords();
  const extra = (path ? ROUTE_TABS[path] : undefined) ?? [];
  const search = useSearch();
  if (modules.length === 0) return <PendingModule code={code} title={title} />;
  if (modules.length === 1 && extra.length === 0) return <ModuleOnRoute entry={modules[0]} path={path} />;
  const asked = new URLSearchParams(search).get('tab');
  const initial = extra.some((tab) => tab.value === asked) || modules.some((m) => m.def.name === asked) ? (asked as string) : modules[0].def.name;
  return (
    <Tabs key={initial} defaultValue={initial} keepMounted={false}>
      <Tabs.List mb="md">
        {modules.map((m) => (
          <Tabs.Tab key={m.def.name} value={m.def.name}>
            {words.tab(m, path)}
          </Tabs.Tab>
        ))}
        {extra.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {modules.map((m) => (
        <Tabs.Panel key={m.def.name} value={m.def.name}>
          <ModuleOnRoute entry={m} path={path} />
        </Tabs.Panel>
      ))}
      {extra.map(({ value, Screen }) => (
        <Tabs.Panel key={value} value={value}>
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * A guarded route's screen from its path and code. The modules are looked up here, in this lazy screen,
 * not in the router: the lookup reads the catalogue, which the sign-in and public pages must not load.
 */
export function GuardedRouteModulesScreen({ path, code, title }: { path: string; code: string; title: string }) {
  const modules = useMemo(() => modulesForRoute(path, code), [path, code]);
  return <RouteModulesScreen modules={modules} code={code} title={title} path={path} />;
}
