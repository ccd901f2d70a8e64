/**
 * The salespipeline route: one tab per module the route shows (found from the catalogue, as for every
 * route), with the proposal tab on its own screen (sending, links, views) instead of the generic list.
 */
import { Tabs } from '@mantine/core';
import { useMemo } from 'react';
import { modulesForRoute } from '../../routeModules';
import { ModuleListScreen } from '../module/ModuleListScreen';
import { ProposalScreen } from './ProposalScreen';

export function ProposalsRouteScreen({ path, code }: { path: string; code: string }) {
  const modules = useMemo(() => modulesForRoute(path, code), [path, code]);
  const first = modules.find((m) => m.def.name === 'proposal')?.def.name ?? modules[0]?.def.name;
  return (
    <Tabs defaultValue={first} keepMounted={false}>
      <Tabs.List mb="md">
        {modules.map((m) => (
          <Tabs.Tab key={m.def.name} value={m.def.name}>
            {m.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {modules.map((m) => (
        <Tabs.Panel key={m.def.name} value={m.def.name}>
          {m.def.name === 'proposal' ? <ProposalScreen /> : <ModuleListScreen def={m.def} viewCode={m.code !== m.def.feature ? m.code : undefined} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
