/** manage-role: the role module's list and forms, plus each role's features and privileges. */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLockAccess } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { role } from '../../../contract/modules/admin';
import { useT } from '../../../i18n';
import { useModulePermissions } from '../../data/resources';
import { ModuleListScreen } from '../module/ModuleListScreen';
import type { Row } from '../module/listView';
import { productRecordCells } from './productRecordWords';
import { RoleFeaturesDrawer } from './RoleFeaturesDrawer';
import { newRoleNavigation } from './RoleNavigationInput';

/** A new role starts with the navigation granted (the administrator may untick it); an edit leaves features to their drawer. */
const roleFormExtra = (mode: 'create' | 'update') => (mode === 'create' ? newRoleNavigation : undefined);

/** The features column reads as codes with their privilege count. */
function featuresText(row: Row, column: string): string | undefined {
  if (column !== 'features' || !Array.isArray(row.features)) return undefined;
  return (row.features as Array<{ feature: string; privileges?: string[] }>).map((f) => `${f.feature} (${f.privileges?.length ?? 0})`).join(', ');
}

export function RolesScreen() {
  const t = useT();
  const can = useModulePermissions(role);
  const [roleId, setRoleId] = useState<string | null>(null);
  const formatCell = useMemo(() => {
    const productCells = productRecordCells('role', t);
    return (row: Row, column: string) => featuresText(row, column) ?? productCells?.(row, column);
  }, [t]);
  return (
    <>
      <ModuleListScreen
        def={role}
        formatCell={formatCell}
        formExtra={roleFormExtra}
        rowActions={(row) =>
          can.update ? (
            <Tooltip label={t('admin.features')}>
              <ActionIcon variant="subtle" aria-label={`${t('admin.features')}: ${String(row.name ?? '')}`} onClick={() => setRoleId(row._id)}>
                <IconLockAccess size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null
        }
      />
      <RoleFeaturesDrawer roleId={roleId} onClose={() => setRoleId(null)} />
    </>
  );
}
