/** Reading our PDFs as text, for the API tests and the browser scenarios. */
import { inflateSync } from 'node:zlib';
import { pdfStreams } from './pdf-streams';

/**
 * The text a PDF of ours shows, line by line: each text-showing array of its (deflated) content streams,
 * its hex strings decoded as WinAnsi (Latin-1 for what the tests read), the kerning between them dropped.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const { data } of pdfStreams(pdf)) {
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      continue; // not a content stream (fonts, images)
    }
    for (const [, array] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array.matchAll(/<([0-9a-f]*)>/gi)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
