/**
 * The salespipeline route: one tab per module the route shows (found from the catalogue, as for every
 * route), with the proposal tab on its own screen (sending, links, views) instead of the generic list, and the lead
 * tab opening on the pipeline board with the table one click away (issue 33). `?tab=` opens a tab (an agreement's
 * page leads back to the agreements).
 */
import { SegmentedControl, Stack, Tabs } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { lead } from '../../../contract/modules/sales';
import { useT } from '../../../i18n';
import { modulesForRoute } from '../../routeModules';
import { ModuleListScreen } from '../module/ModuleListScreen';
import { useCatalogueWords } from '../module/catalogueWords';
import { LeadBoard } from './LeadBoard';
import { ProposalScreen } from './ProposalScreen';
import './salesWords';

/**
 * The lead tab: the board, or the table. The board's New opens the table's New form (one form for a new lead), and
 * once that form closes, saved or not, the board is back with the new lead in its column.
 */
function LeadsTab() {
  const t = useT();
  const [view, setView] = useState<'board' | 'table'>('board');
  const [newFromBoard, setNewFromBoard] = useState(false);
  const backToBoard = useCallback(() => {
    setNewFromBoard(false);
    setView('board');
  }, []);
  return (
    <Stack gap="sm">
      <SegmentedControl value={view} onChange={(v) => setView(v as 'board' | 'table')} data={[{ value: 'board', label: t('sales.board') }, { value: 'table', label: t('sales.table') }]} w="fit-content" />
      {view === 'board' ? (
        <LeadBoard
          onNew={() => {
            setNewFromBoard(true);
            setView('table');
          }}
        />
      ) : (
        <ModuleListScreen def={lead} startCreating={newFromBoard} onFormClose={newFromBoard ? backToBoard : undefined} />
      )}
    </Stack>
  );
}

export function ProposalsRouteScreen({ path, code }: { path: string; code: string }) {
  const modules = useMemo(() => modulesForRoute(path, code), [path, code]);
  const words = useCatalogueWords();
  const asked = new URLSearchParams(useSearch()).get('tab');
  const first = (asked && modules.some((m) => m.def.name === asked) ? asked : undefined) ?? modules.find((m) => m.def.name === 'proposal')?.def.name ?? modules[0]?.def.name;
  return (
    <Tabs key={first} defaultValue={first} keepMounted={false}>
      <Tabs.List mb="md">
        {modules.map((m) => (
          <Tabs.Tab key={m.def.name} value={m.def.name}>
            {words.tab(m, path)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {modules.map((m) => (
        <Tabs.Panel key={m.def.name} value={m.def.name}>
          {m.def.name === 'proposal' ? <ProposalScreen /> : m.def.name === 'lead' ? <LeadsTab /> : <ModuleListScreen def={m.def} viewCode={m.code !== m.def.feature ? m.code : undefined} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
