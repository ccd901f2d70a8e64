/**
 * The proposal module's screen: the generic list, forms and details of the catalogue, plus a "Share"
 * action per row that opens the proposal's panel (send as draft or final, link, views, notes).
 */
import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { proposal } from '../../../contract/modules/sales';
import { ModuleListScreen } from '../module/ModuleListScreen';
import type { Row } from '../module/listView';
import { ProposalPanel, STATUS_COLOR } from './ProposalPanel';

export function ProposalScreen() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ModuleListScreen
        def={proposal}
        rowActions={(row: Row) => (
          <Tooltip label="Send and share">
            <ActionIcon variant="subtle" aria-label={`Send and share ${String(row.alternateId ?? row._id)}`} onClick={() => setOpen(row._id)}>
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
  return <Badge color={STATUS_COLOR[status] ?? 'gray'}>{status}</Badge>;
}
