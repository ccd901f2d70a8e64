/** Saves text as a file through a temporary object URL (CSV export). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A byte-order mark lets spreadsheet programs read UTF-8 names (₹, accents, CJK) correctly.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
