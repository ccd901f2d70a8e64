/** The list screen formats a record's cells once, however often its row scrolls in and out of view. */
import { describe, expect, it } from 'vitest';
import { cellView, rememberTexts, UNNAMED, type Row } from '../../src/ui/screens/module/listView';
import type { FieldSpec } from '../../src/ui/screens/module/fieldModel';

describe('rememberTexts', () => {
  it('formats each record and column once and answers the same text after', () => {
    const calls: string[] = [];
    const text = rememberTexts((row: Row, column: string) => {
      calls.push(`${row._id}.${column}`);
      return `${String(row[column])}!`;
    });
    const pump: Row = { _id: 'p1', name: 'Pump seal kit', stockQty: 4 };
    expect(text(pump, 'name')).toBe('Pump seal kit!');
    expect(text(pump, 'name')).toBe('Pump seal kit!');
    expect(text(pump, 'stockQty')).toBe('4!');
    expect(text({ ...pump }, 'name')).toBe('Pump seal kit!');
    // A changed record is a new object (the cache rules copy records), so it is formatted again.
    expect(calls).toEqual(['p1.name', 'p1.stockQty', 'p1.name']);
  });

  it('remembers empty texts too', () => {
    let calls = 0;
    const text = rememberTexts(() => {
      calls += 1;
      return '';
    });
    const row: Row = { _id: 'p2' };
    expect(text(row, 'binLocation')).toBe('');
    expect(text(row, 'binLocation')).toBe('');
    expect(calls).toBe(1);
  });
});

describe('cellView of a list of references', () => {
  const field = { name: 'requisitionIds', label: 'Requisitions', kind: 'reference', reference: 'purchase-order-requisition' } as unknown as FieldSpec;

  it("names each element by the name the record carries for it (`names['field.i']`), as the server sends them", () => {
    const order = { _id: 'po1', requisitionIds: ['rq1', 'rq2'], names: { 'requisitionIds.0': 'REQ-2026-000001 Oil filters', 'requisitionIds.1': 'REQ-2026-000002 Belts' } };
    expect(cellView(order, 'requisitionIds', field, {})).toEqual({ text: 'REQ-2026-000001 Oil filters, REQ-2026-000002 Belts' });
  });

  it('says an element it cannot name is unnamed, keeping its id aside, never as the text', () => {
    const order = { _id: 'po1', requisitionIds: ['rq1', 'rq9'], names: { 'requisitionIds.0': 'REQ-2026-000001 Oil filters' } };
    expect(cellView(order, 'requisitionIds', field, {})).toEqual({ text: `REQ-2026-000001 Oil filters, ${UNNAMED}`, ids: 'rq9' });
  });
});
