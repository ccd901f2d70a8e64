/** A delivery against a purchase order, counted line by line (./receipts.ts, ./purchase-order-steps.ts). */
import { invalid } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { asArray, asNumber, asString } from '../records';

type Body = Record<string, unknown>;

export interface ReceiptLine {
  line: number;
  quantity: number;
}

const roundQty = (n: number): number => Math.round(n * 1000) / 1000;

/** What each line of the order still waits for. */
export function dueOf(line: Body): number {
  return Math.max(0, roundQty(asNumber(line.quantity) - asNumber(line.receivedQty)));
}

/**
 * A delivery checked against the order: the quantities per line (all that is due when none are given), whether it
 * completes the order. 400 naming the field for a line the order does not have, an over-receipt or an empty delivery.
 */
export function countReceipt(order: Body, given: readonly ReceiptLine[] | undefined, partNumbers: ReadonlyMap<string, string> = new Map()): { receipt: ReceiptLine[]; completes: boolean } {
  const lines = asArray(order.lines);
  const receipt: ReceiptLine[] = given ? [] : lines.map((line, index) => ({ line: index, quantity: dueOf(line) })).filter((r) => r.quantity > 0);
  const now = new Map<number, number>();
  for (const [i, entry] of (given ?? []).entries()) {
    const line = lines[entry.line];
    if (!line) throw invalid(`lines.${i}.line`, refusal('orderHasNoLine', { line: entry.line + 1, count: lines.length }));
    const total = roundQty((now.get(entry.line) ?? 0) + entry.quantity);
    const due = dueOf(line);
    if (total > due) {
      const part = partNumbers.get(String(line.partId)) ?? asString(line.description) ?? String(line.partId);
      throw invalid(`lines.${i}.quantity`, refusal('lineOverReceived', { line: entry.line + 1, part, due, total }));
    }
    now.set(entry.line, total);
  }
  for (const [line, quantity] of now) if (quantity > 0) receipt.push({ line, quantity });
  if (receipt.length === 0) throw invalid('lines', refusal('nothingToReceive'));
  const completes = lines.every((line, index) => roundQty(asNumber(line.receivedQty) + (receipt.find((r) => r.line === index)?.quantity ?? 0)) >= asNumber(line.quantity));
  return { receipt, completes };
}

