/**
 * The proposal module's screen: the generic list, forms and details of the catalogue, plus a "Share"
 * action per row that opens the proposal's panel (send as draft or final, link, views, notes).
 */
import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { proposal } from '../../../contract/modules/sales';
import { ModuleListScreen } from '../module/ModuleListScreen';
import { useCatalogueWords } from '../module/catalogueWords';
import type { Row } from '../module/listView';
import { ProposalPanel, STATUS_COLOR } from './ProposalPanel';
import { useT } from '../../../i18n';
import './salesWords';

export function ProposalScreen() {
  const [open, setOpen] = useState<string | null>(null);
  const t = useT();
  return (
    <>
      <ModuleListScreen
        def={proposal}
        rowActions={(row: Row) => (
          <Tooltip label={t('sales.sendAndShare')}>
            <ActionIcon variant="subtle" aria-label={t('sales.sendAndShareRecord', { name: String(row.alternateId ?? row._id) })} onClick={() => setOpen(row._id)}>
              <IconShare size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        formatCell={(row, column) => {
          if (column === 'machineType' && row.machineType && typeof row.machineType === 'object') return String((row.machineType as { machineName?: string }).machineName ?? '');
          if (column === 'owner' && row.owner && typeof row.owner === 'object') return String((row.owner as { name?: string }).name ?? '');
          return undefined;
        }}
      />
      {open && <ProposalPanel id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

export function ProposalStatusBadge({ status }: { status: string }) {
  const words = useCatalogueWords();
  return <Badge color={STATUS_COLOR[status] ?? 'gray'}>{words.choice(status)}</Badge>;
}
