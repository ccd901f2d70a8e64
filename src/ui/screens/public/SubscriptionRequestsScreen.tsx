/**
 * The operator's subscription-request-list route (SUBSCRIPTION_REQUESTS_LIST): the requests, each with a
 * "Send details link" action that generates the subscriber-details link to copy; the question-and-answer
 * records; and, for the platform operator only, the editor of the terms and privacy texts. It sits with
 * the public pages because it is their staff side: what prospects open and accept is made here.
 */
import { ActionIcon, Button, CopyButton, Modal, Stack, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { OPERATOR_USER_TYPE } from '../../../contract/modules/admin';
import { subscriptionRequest } from '../../../contract/modules/sales';
import { selectUser, useSession } from '../../../machines/SessionProvider';
import { modulesForRoute } from '../../routeModules';
import { useCallSlot, useResource } from '../../data/resources';
import { ModuleListScreen } from '../module/ModuleListScreen';
import { useCatalogueWords } from '../module/catalogueWords';
import type { Row } from '../module/listView';
import { PlatformTextsEditor } from './PlatformTextsEditor';
import { useT } from '../../../i18n';
import '../sales/salesWords';

function DetailsLink({ id, onClose }: { id: string; onClose: () => void }) {
  const { intents } = useResource(subscriptionRequest.name);
  const slot = useCallSlot(subscriptionRequest.name, 'generatePublicLink');
  const forThis = slot.args?.body?.id === id;
  const link = forThis ? (slot.data?.link ?? null) : null;
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={t('sales.detailsLinkTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('sales.detailsLinkText')}</Text>
        <Button leftSection={<IconLink size={16} />} onClick={() => intents.call('generatePublicLink', { body: { id } })} loading={forThis && Boolean(slot?.loading)} w="fit-content">
          {t('sales.generateLink')}
        </Button>
        {link && (
          <>
            <TextInput label={t('sales.detailsLink')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : 'blue'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy} w="fit-content">
                  {copied ? t('sales.copied') : t('sales.copyLink')}
                </Button>
              )}
            </CopyButton>
          </>
        )}
      </Stack>
    </Modal>
  );
}

export function SubscriptionRequestsScreen({ path, code }: { path: string; code: string }) {
  const user = useSession(selectUser);
  const words = useCatalogueWords();
  const t = useT();
  const [linkFor, setLinkFor] = useState<string | null>(null);
  const modules = useMemo(() => modulesForRoute(path, code), [path, code]);
  // The texts are the platform's: only the operator may read or publish them (anyone else gets 403).
  const isOperator = user?.userType === OPERATOR_USER_TYPE;
  return (
    <>
      <Tabs defaultValue={subscriptionRequest.name} keepMounted={false}>
        <Tabs.List mb="md">
          {modules.map((m) => (
            <Tabs.Tab key={m.def.name} value={m.def.name}>
              {words.tab(m, path)}
            </Tabs.Tab>
          ))}
          {isOperator && <Tabs.Tab value="texts">{t('sales.textsTab')}</Tabs.Tab>}
        </Tabs.List>
        {modules.map((m) => (
          <Tabs.Panel key={m.def.name} value={m.def.name}>
            {m.def.name === subscriptionRequest.name ? (
              <ModuleListScreen
                def={m.def}
                rowActions={(row: Row) => (
                  <Tooltip label={t('sales.sendDetailsLink')}>
                    <ActionIcon variant="subtle" aria-label={t('sales.sendDetailsLinkTo', { company: String(row.companyName ?? row._id) })} onClick={() => setLinkFor(row._id)}>
                      <IconLink size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              />
            ) : (
              <ModuleListScreen def={m.def} />
            )}
          </Tabs.Panel>
        ))}
        {isOperator && (
          <Tabs.Panel value="texts">
            <PlatformTextsEditor />
          </Tabs.Panel>
        )}
      </Tabs>
      {linkFor && <DetailsLink id={linkFor} onClose={() => setLinkFor(null)} />}
    </>
  );
}
