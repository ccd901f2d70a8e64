import { saveBlob } from '../../api/saveFile';

/**
 * Saves text as a file (CSV export, QA's path exports). A CSV starts with a byte-order mark, which lets spreadsheet
 * programs read UTF-8 names (₹, accents, CJK) correctly; other text goes out as written (a JSON or a Gherkin file read
 * by a program).
 */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const bom = type.startsWith('text/csv') ? ['\ufeff'] : [];
  saveBlob(filename, new Blob([...bom, text], { type }));
}
