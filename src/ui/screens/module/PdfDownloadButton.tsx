/**
 * "Download PDF" on a record's detail view, for modules whose catalogue has a `generatePdf` call
 * (invoice, credit note, service ticket, fire extinguisher, proposal, agreement). The call runs in the
 * module's actor (its call slot); a failure is notified there with the module's message, as every call's
 * is. The reply `{ data: base64, fileName, mimeType }` is saved under its file name, or the record's
 * number when the server gives none.
 */
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { CallOf, ModuleDef, ModuleName } from '../../../contract/modules';
import { saveBase64 } from '../../../api/saveFile';
import { useT } from '../../../i18n';
import { useCallSlot, useModulePermissions, useResource } from '../../data/resources';
import type { Row } from './listView';

const PDF_CALL = 'generatePdf';

/** The modules whose catalogue entry declares generatePdf: the slot of any of them holds the catalogue's `pdfReply`. */
type PdfModuleName = { [N in ModuleName]: typeof PDF_CALL extends CallOf<N> ? N : never }[ModuleName];
type PdfModuleDef = ModuleDef & { name: PdfModuleName };

/** Whether a module read as data declares generatePdf, which makes it one of the catalogue's modules that do. */
export function hasPdfCall(def: ModuleDef): def is PdfModuleDef {
  return Boolean(def.calls?.some((c) => c.name === PDF_CALL));
}

/** `allowed`: the screen's own answer to "may this person read the record" (a ticket read through a call view). */
export function PdfDownloadButton({ def, row, allowed }: { def: PdfModuleDef; row: Row; allowed?: boolean }) {
  const t = useT();
  const { view: byFeature } = useModulePermissions(def);
  const view = allowed ?? byFeature;
  const { intents } = useResource(def.name);
  const slot = useCallSlot(def.name, PDF_CALL);
  // Only a download this button asked for is saved: the slot is shared with other screens of the module.
  const asked = useRef(false);

  useEffect(() => {
    if (!asked.current || slot.loading) return;
    if (slot.error) {
      asked.current = false;
      return;
    }
    const reply = slot.data;
    if (reply && typeof reply.data === 'string') {
      asked.current = false;
      const fallback = `${typeof row.alternateId === 'string' ? row.alternateId : row._id}.pdf`;
      saveBase64(typeof reply.fileName === 'string' ? reply.fileName : fallback, reply.data, typeof reply.mimeType === 'string' ? reply.mimeType : 'application/pdf');
    }
  }, [slot, row]);

  if (!view) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={slot.loading && asked.current}
      onClick={() => {
        asked.current = true;
        intents.call(PDF_CALL, { params: { id: row._id } });
      }}
    >
      {t('list.downloadPdf')}
    </Button>
  );
}
