import { saveBlob } from '../../../api/saveFile';
import { downloadText as saveText } from '../../kit/download';

/**
 * Text files in and out of the explorer (issue 37 item 6): an export saved through the browser's download (works
 * over plain HTTP, where the clipboard may be refused), several files as one .zip, and a chosen file read as text
 * (a replay report).
 */
export function downloadText(file: string, text: string, type = 'text/plain'): void {
  saveText(file, text, `${type};charset=utf-8`);
}

/**
 * Saves files as one .zip (a Gherkin or Playwright export of every machine: a file per machine), each under
 * `folder/`. The zip writer is loaded on the first such download, not with the screen.
 */
export async function downloadZip(archive: string, folder: string, files: ReadonlyArray<{ file: string; text: string }>): Promise<void> {
  const { strToU8, zipSync } = await import('fflate');
  const zipped = zipSync(Object.fromEntries(files.map(({ file, text }) => [`${folder}/${file}`, strToU8(text)])));
  saveBlob(archive, new Blob([zipped], { type: 'application/zip' }));
}

/** The file's text, through FileReader (every browser has it; Blob.text() is missing from older engines). */
export function readTextFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
