/**
 * A role's features and privileges (spec document 1 §6): granted and removed one feature at a time
 * through the role's `updateRole` call (`POST update-role/{id}` with `{ id, features, action }`). The
 * role module's actor merges the answered role into its cached list, so this view follows it. Failures
 * are notified by the actor (the server's message, or "Please delete existing Feature and then add same
 * Feature with updated Privilege"); the drawer also keeps the last one in view.
 */
import { Alert, Badge, Button, Checkbox, Drawer, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { catalogue, PRIVILEGE_CODES } from '../../../contract/modules';
import { ALL_FEATURE_CODES, GUARDED_ROUTES, SITE_CONFIGURATION } from '../../../contract/routes';
import { useT } from '../../../i18n';
import { featureTitle } from './productRecordWords';
import { failureMessages } from '../../../machines/resourceMessages';
import { findCall } from '../../../api/calls';
import { useCallSlot, useReferenceOptions, useResource } from '../../data/resources';

interface RoleFeature {
  feature: string;
  privileges: string[];
}

const roleDef = catalogue.find((m) => m.name === 'role')!;

interface FeatureChoice {
  code: string;
  /** What the administrator reads: the title of the screen the feature opens, else the feature record's name. */
  title: string;
  privileges: readonly string[];
}

/**
 * Features on offer: the tenant's feature records when the person may list them, else the route codes. Each is
 * named as its screen is in the menu (an administrator looks for "Open Calls", not OPEN_CALLS: found walking the
 * Administrator's first job), with the code beside it for whoever knows the codes; sorted by that name.
 */
function useFeatureChoices(): FeatureChoice[] {
  const t = useT();
  const { options } = useReferenceOptions('feature');
  const { slots } = useResource('feature');
  return useMemo(() => {
    const titled = (code: string, name: unknown): string => featureTitle(code, name, t);
    const choices: FeatureChoice[] =
      options.length && slots.list.data.length
        ? slots.list.data.map((f) => {
            const code = String(f.code ?? f._id);
            return { code, title: titled(code, f.name), privileges: Array.isArray(f.privileges) && f.privileges.length ? (f.privileges as string[]) : PRIVILEGE_CODES };
          })
        : // As the server offers them (server/domain/admin/tenant-catalogue.ts): site configuration has SHOW_NAVIGATION only.
          ALL_FEATURE_CODES.map((code) => ({ code, title: titled(code, undefined), privileges: code === SITE_CONFIGURATION.code ? [SITE_CONFIGURATION.showNavigation] : PRIVILEGE_CODES }));
    return choices.sort((a, b) => a.title.localeCompare(b.title));
  }, [options, slots.list.data, t]);
}

/** "Open Calls (OPEN_CALLS)", or the code alone when it has no other name. */
function choiceLabel(choice: Pick<FeatureChoice, 'code' | 'title'>): string {
  return choice.title === choice.code ? choice.code : `${choice.title} (${choice.code})`;
}

export function RoleFeaturesDrawer({ roleId, onClose }: { roleId: string | null; onClose: () => void }) {
  const t = useT();
  const { slots, intents } = useResource('role');
  const call = useCallSlot('role', 'updateRole');
  const role = slots.list.data.find((r) => r._id === roleId) ?? null;
  const held = (Array.isArray(role?.features) ? role.features : []) as RoleFeature[];
  const choices = useFeatureChoices();
  const [feature, setFeature] = useState<string | null>(null);
  const [privileges, setPrivileges] = useState<string[]>(['VIEW']);
  const offered = choices.find((c) => c.code === feature)?.privileges ?? PRIVILEGE_CODES;
  const available = choices.filter((c) => !held.some((h) => h.feature === c.code));
  const titleOf = (code: string): string => choices.find((c) => c.code === code)?.title ?? code;

  const send = (features: RoleFeature[], action: 'add' | 'remove') => {
    if (!roleId) return;
    intents.call('updateRole', { params: { id: roleId }, body: { id: roleId, features, action } });
  };
  const grant = () => {
    if (!feature || privileges.length === 0) return;
    send([{ feature, privileges }], 'add');
    setFeature(null);
    setPrivileges(['VIEW']);
  };
  const errorText = call.error && !call.loading ? failureMessages(roleDef, findCall(roleDef, 'updateRole'), call.error)[0] : null;

  return (
    <Drawer opened={roleId !== null} onClose={onClose} position="right" size="lg" title={t('admin.manageFeatures', { name: String(role?.name ?? '') })}>
      <Stack>
        {errorText && (
          <Alert color="red" icon={<IconAlertCircle size={16} />}>
            {errorText}
          </Alert>
        )}
        <Title order={5}>{t('admin.features')}</Title>
        {held.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('admin.noFeatures')}
          </Text>
        ) : (
          <Table striped aria-label={t('admin.features')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.feature')}</Table.Th>
                <Table.Th>{t('admin.privileges')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {held.map((h) => (
                <Table.Tr key={h.feature}>
                  <Table.Td>
                    <Text size="sm">{titleOf(h.feature)}</Text>
                    {titleOf(h.feature) !== h.feature && (
                      <Text size="xs" c="dimmed" ff="monospace">
                        {h.feature}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {h.privileges.map((p) => (
                        <Badge key={p} size="sm" variant="light">
                          {p}
                        </Badge>
                      ))}
                    </Group>
                    {/* What the one privilege that is not about a screen does, where the administrator may remove it. */}
                    {h.feature === SITE_CONFIGURATION.code && h.privileges.includes(SITE_CONFIGURATION.showNavigation) && (
                      <Text size="xs" c="dimmed" mt={4}>
                        {t('admin.showNavigationHint')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} loading={call.loading} onClick={() => send([h], 'remove')} aria-label={`${t('admin.removeFeature')} ${titleOf(h.feature)}`}>
                      {t('admin.removeFeature')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Title order={5} mt="md">
          {t('admin.addFeature')}
        </Title>
        <Select
          label={t('admin.feature')}
          placeholder={t('form.pick')}
          searchable
          data={available.map((c) => ({ value: c.code, label: choiceLabel(c) }))}
          value={feature}
          onChange={(v) => {
            setFeature(v);
            // VIEW to start with, or the feature's one privilege when it has no VIEW (site configuration's SHOW_NAVIGATION).
            const offers = choices.find((c) => c.code === v)?.privileges ?? PRIVILEGE_CODES;
            setPrivileges(offers.includes('VIEW') ? ['VIEW'] : offers.slice(0, 1));
          }}
          nothingFoundMessage={t('form.noOptions')}
        />
        <Checkbox.Group label={t('admin.privileges')} value={privileges} onChange={setPrivileges}>
          <Group mt={6}>
            {offered.map((p) => (
              <Checkbox key={p} value={p} label={p} description={feature === SITE_CONFIGURATION.code && p === SITE_CONFIGURATION.showNavigation ? t('admin.showNavigationHint') : undefined} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button onClick={grant} disabled={!feature || privileges.length === 0} loading={call.loading}>
            {t('admin.grant')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
