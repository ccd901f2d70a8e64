/**
 * A GST document's amounts in ₹ as a person reads them while typing its lines, and on the invoice's summary:
 * each line's taxable value and tax, and the document's totals (CGST + SGST, or IGST, round-off, grand total).
 * The amounts come from src/contract/gst.ts, the code the server prices with, so the form and the saved document agree.
 */
import { Table, Text } from '@mantine/core';
import type { DocumentTotals, LineAmounts } from '../../../contract/gst';
import { formatPaise } from '../../../contract/money';
import { billingEn } from '../../../i18n/billing/en';
import { addEnglish, useT } from '../../../i18n';

addEnglish({ billing: billingEn });

/** "Taxable ₹4,500.00 · CGST ₹405.00 · SGST ₹405.00 · Grand total ₹5,310.00" for one line. */
export function LineAmountsText({ n, amounts, interState }: { n: number; amounts: LineAmounts; interState: boolean | null }) {
  const t = useT();
  const parts = [`${t('billing.taxable')} ${formatPaise(amounts.taxableValuePaise)}`];
  if (interState === true) parts.push(`${t('billing.igst')} ${formatPaise(amounts.igstPaise)}`);
  if (interState === false) parts.push(`${t('billing.cgst')} ${formatPaise(amounts.cgstPaise)}`, `${t('billing.sgst')} ${formatPaise(amounts.sgstPaise)}`);
  if (interState !== null) parts.push(`${t('billing.amount')} ${formatPaise(amounts.totalPaise)}`);
  return (
    <Text size="xs" c="dimmed" ta="right" data-testid="line-amounts">
      {t('billing.lineAmounts', { n, amounts: parts.join(' · ') })}
    </Text>
  );
}

/**
 * The document's totals. With the split unknown (`interState` null) only the taxable value is certain: the tax
 * rows are left out and `pending` says why (the form's fields are not filled yet, or the invoice decides).
 */
export function DocumentTotalsTable({ totals, interState, pending }: { totals: DocumentTotals; interState: boolean | null; pending?: string }) {
  const t = useT();
  const rows: Array<[string, number, boolean?]> = [[t('billing.taxable'), totals.taxableValuePaise]];
  if (interState === true) rows.push([t('billing.igst'), totals.igstPaise]);
  if (interState === false) rows.push([t('billing.cgst'), totals.cgstPaise], [t('billing.sgst'), totals.sgstPaise]);
  if (interState !== null) rows.push([t('billing.roundOff'), totals.roundOffPaise], [t('billing.grandTotal'), totals.grandTotalPaise, true]);
  return (
    <div data-testid="document-totals">
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" style={{ maxWidth: 360, marginLeft: 'auto' }}>
        <Table.Tbody>
          {rows.map(([label, paise, strong]) => (
            <Table.Tr key={label}>
              <Table.Td fw={strong ? 700 : undefined}>{label}</Table.Td>
              <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPaise(paise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {interState === null && pending && (
        <Text size="xs" c="dimmed" ta="right">
          {pending}
        </Text>
      )}
    </div>
  );
}
