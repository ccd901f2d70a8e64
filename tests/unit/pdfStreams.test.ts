/**
 * The tests' PDF readers cut each stream by its /Length: a deflated content stream whose last byte is a carriage
 * return (about one in 256, since it is the checksum's last byte) is read whole. Cutting at "\r?\nendstream" lost
 * that byte, the stream no longer inflated, and a job card read back as no text at all (a CI run, stop 46).
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfStreams } from '../helpers/pdf-streams';
import { pdfText } from '../helpers/pdf-text';

/**
 * A one-stream PDF showing `words`, its deflated content ending in "\r". The stream's last byte is the low byte of its
 * checksum's byte sum, so each added dot (hex "2e", 151 to the sum, prime to 256) reaches 0x0D within 256 tries.
 */
function pdfEndingInCarriageReturn(words: string): { pdf: Buffer; shown: string } {
  for (let n = 0; ; n += 1) {
    const shown = `${words}${'.'.repeat(n)}`;
    const content = deflateSync(Buffer.from(`BT [<${Buffer.from(shown, 'latin1').toString('hex')}>] TJ ET`, 'latin1'));
    if (content.at(-1) !== 0x0d) continue;
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.3\n1 0 obj\n<<\n/Length ${content.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    return { pdf, shown };
  }
}

describe("the tests' PDF streams", () => {
  it('a deflated stream ending in a carriage return is read whole, and its text shown', () => {
    const { pdf, shown } = pdfEndingInCarriageReturn('Service Job Card');
    const [stream] = pdfStreams(pdf);
    expect(stream?.data.at(-1)).toBe(0x0d);
    expect(pdfText(pdf)).toBe(shown);
  });

  it('a stream whose length is not written in its dictionary is an error, not a silently empty text', () => {
    const pdf = Buffer.from('%PDF-1.3\n1 0 obj\n<<\n/Length 5 0 R\n>>\nstream\nabc\nendstream\nendobj\n', 'latin1');
    expect(() => pdfStreams(pdf)).toThrow(/without a direct \/Length/);
  });
});
