/**
 * The Download Files menu: the proposal's attachments, then its generated PDF named from the alternateId.
 * Loaded by ProposalDownloads.tsx when wanted (Mantine's Menu brings floating-ui and a focus trap).
 */
import { Button, Menu } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useT } from '../../../i18n';
import type { PublicProposalActorRef } from '../../../machines/flows/publicProposal';
import { DEFAULT_FILE_NAME } from '../../../machines/flows/publicProposalCalls';
import { proposalPdfName } from '../../../contract/publicProposalTerms';
import { DOWNLOAD_BUTTON_PADDING } from './downloadButton';
import { selectDownloading, useProposalEvents } from './proposalEvents';

export function ProposalDownloadsMenu({ actor, defaultOpened = false }: { actor: PublicProposalActorRef; defaultOpened?: boolean }) {
  const t = useT();
  const events = useProposalEvents(actor);
  const proposal = useSelector(actor, (s) => s.context.proposal);
  const downloading = useSelector(actor, selectDownloading);
  if (!proposal) return null;
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button variant="light" leftSection={<IconDownload size={16} />} loading={downloading !== null} px={DOWNLOAD_BUTTON_PADDING}>
          {t('publicProposal.downloadFiles')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(proposal.attachementDocument ?? []).map((doc) => (
          <Menu.Item key={doc.url} leftSection={<IconPaperclip size={16} />} onClick={() => events.downloadFile(doc.url, doc.name)}>
            {doc.name || DEFAULT_FILE_NAME}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={<IconFileTypePdf size={16} />} onClick={events.downloadPdf}>
          {proposalPdfName(proposal)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
