/**
 * Amounts as the documents (PDFs, e-mails) write them: "Rs. 12,345.67" and "Rupees … Only" in the Indian system.
 */

/** Rupees and paise for people: 1234567 → "Rs. 12,345.67". */
export function formatRupees(paiseAmount: number): string {
  const sign = paiseAmount < 0 ? '-' : '';
  const abs = Math.abs(paiseAmount);
  const rupees = Math.floor(abs / 100);
  const paise = abs % 100;
  return `${sign}Rs. ${new Intl.NumberFormat('en-IN').format(rupees)}.${String(paise).padStart(2, '0')}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  return [TENS[Math.floor(n / 10)], ONES[n % 10]].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole rupees in the Indian system (crore, lakh, thousand). */
export function rupeesInWords(rupees: number): string {
  if (rupees === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(rupees / 10_000_000);
  const lakh = Math.floor((rupees % 10_000_000) / 100_000);
  const thousand = Math.floor((rupees % 100_000) / 1000);
  const rest = rupees % 1000;
  if (crore) parts.push(`${crore >= 1000 ? rupeesInWords(crore) : belowThousand(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "Rupees Five Thousand Three Hundred Ten and Fifty Paise Only". */
export function amountInWords(paiseAmount: number): string {
  const rupees = Math.floor(paiseAmount / 100);
  const paise = paiseAmount % 100;
  return `Rupees ${rupeesInWords(rupees)}${paise ? ` and ${belowHundred(paise)} Paise` : ''} Only`;
}
