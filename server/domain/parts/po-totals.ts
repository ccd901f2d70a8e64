/** Purchase-order amounts in integer paise: quantity × unit price per line, GST per line half up. */
import { taxOn } from '../../../src/contract/gst';
import { asNumber } from '../records';

type Body = Record<string, unknown>;

/** Line amounts and PO totals in paise (tax per line, half up). */
export function poTotals(lines: readonly Body[]): { lines: Body[]; subTotalPaise: number; taxPaise: number; totalPaise: number } {
  let subTotal = 0;
  let tax = 0;
  const priced = lines.map((line) => {
    const amountPaise = Math.round(asNumber(line.quantity) * asNumber(line.unitPricePaise));
    const taxPaise = taxOn(amountPaise, asNumber(line.gstRate));
    subTotal += amountPaise;
    tax += taxPaise;
    return { ...line, amountPaise, taxPaise };
  });
  return { lines: priced, subTotalPaise: subTotal, taxPaise: tax, totalPaise: subTotal + tax };
}
