/**
 * Issue 39 item 4: a record is named as a person names it, by screens (lists, pickers, record views) and by the
 * server's `names` alike (src/contract/words.ts `recordName`): a machine type by its machine's name, a sensor product
 * by its product's, a checklist question by its words, never by an MT-… code or an id.
 */
import { describe, expect, it } from 'vitest';
import { recordName } from '../../src/contract/words';

describe('recordName', () => {
  it('names a machine type, a sensor product and a question by their own words', () => {
    expect(recordName({ _id: 'mt1', alternateId: 'MT-2026-000004', machineName: 'Screw Compressor SC-37', manufacturer: 'ELGi' })).toBe('Screw Compressor SC-37');
    expect(recordName({ _id: 'sp1', productName: 'Vibration sensor VS-2', code: 'VS2' })).toBe('Vibration sensor VS-2');
    expect(recordName({ _id: 'q1', question: 'Oil level within the marks?' })).toBe('Oil level within the marks?');
  });

  it('keeps a document named by its number, and an unnamed record by its id', () => {
    expect(recordName({ _id: 'i1', alternateId: 'INV-2026-000001' })).toBe('INV-2026-000001');
    expect(recordName({ _id: 'x1' })).toBe('x1');
  });
});
