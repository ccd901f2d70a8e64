/** The list screen formats a record's cells once, however often its row scrolls in and out of view. */
import { describe, expect, it } from 'vitest';
import { rememberTexts, type Row } from '../../src/ui/screens/module/listView';

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
