/** Saves base64 content (the `{ data, fileName, mimeType }` replies of the generatePdf calls) as a file. */
export function saveBase64(fileName: string, base64: string, mimeType = 'application/pdf'): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  saveBlob(fileName, new Blob([bytes], { type: mimeType }));
}

/** Saves a blob as a file through a temporary object URL and a clicked link (the browser's own download). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
