/**
 * The streams of a PDF of ours, each with its dictionary, cut by the dictionary's /Length.
 * Cutting at the next "endstream" instead is wrong about one stream in 256: a deflated stream whose last
 * byte is a carriage return loses it to the end-of-line before "endstream", and no longer inflates.
 */
export interface PdfStream {
  dictionary: string;
  data: Buffer;
}

export function pdfStreams(pdf: Buffer): PdfStream[] {
  const streams: PdfStream[] = [];
  for (const match of pdf.toString('latin1').matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const dictionary = match[1] ?? '';
    const [, written, reference] = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dictionary) ?? [];
    const length = Number(written);
    if (written === undefined || reference !== undefined) throw new Error(`A PDF stream without a direct /Length: ${dictionary.slice(0, 80)}`);
    const start = (match.index ?? 0) + match[0].length;
    streams.push({ dictionary, data: pdf.subarray(start, start + length) });
  }
  return streams;
}
