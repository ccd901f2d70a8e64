/**
 * The Download Files button of the public proposal. Its menu (ProposalDownloadsMenu.tsx) is a chunk of
 * its own: it starts loading when the pointer reaches the button and is shown, opened, on the first press,
 * so the page carries no menu code for a customer who only reads and decides.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../../i18n';
import type { PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { DOWNLOAD_BUTTON_PADDING } from './downloadButton';
import { selectDownloading } from './proposalEvents';

const loadMenu = () => import('./ProposalDownloadsMenu');
const ProposalDownloadsMenu = lazy(() => loadMenu().then((m) => ({ default: m.ProposalDownloadsMenu })));


export function ProposalDownloads({ actor }: { actor: PublicProposalActorRef }) {
  const t = useT();
  const hasProposal = useSelector(actor, (s) => s.context.proposal !== null);
  const downloading = useSelector(actor, selectDownloading);
  const [opened, setOpened] = useState(false);
  if (!hasProposal) return null;
  const button = (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={downloading !== null}
      px={DOWNLOAD_BUTTON_PADDING}
      // Hovering starts the download; the button itself stays until the click, so nothing under the
      // pointer is swapped while the person aims at it.
      onPointerEnter={() => void loadMenu()}
      onClick={() => setOpened(true)}
    >
      {t('publicProposal.downloadFiles')}
    </Button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <ProposalDownloadsMenu actor={actor} defaultOpened />
    </Suspense>
  );
}
