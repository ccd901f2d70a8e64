import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/contract/csv';
import { toCsv } from '../../src/ui/screens/module/listView';

// OWASP's CSV-injection rule: a cell that a spreadsheet could read as a formula starts with an apostrophe and is quoted.
describe('csvCell neutralises what a spreadsheet would run', () => {
  const cases: Array<[string, string, string]> = [
    ['=', '=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+', '+1+cmd|\' /C calc\'!A0', `"'+1+cmd|' /C calc'!A0"`],
    ['-', '-2+3+cmd|\' /C calc\'!A0', `"'-2+3+cmd|' /C calc'!A0"`],
    ['@', '@SUM(1+1)*cmd|\' /C calc\'!A0', `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['tab', '\t=1+1', `"'\t=1+1"`],
    ['carriage return', '\r=1+1', `"'\r=1+1"`],
  ];
  for (const [start, cell, written] of cases) {
    it(`a cell starting with ${start} is written as text`, () => {
      expect(csvCell(cell)).toBe(written);
    });
  }

  it('leaves plain text, plain numbers and negative numbers as they are', () => {
    expect(csvCell('Spindle rebuild')).toBe('Spindle rebuild');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('still quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('Pune, MH')).toBe('"Pune, MH"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('the exports use it', () => {
  it("a list's CSV writes a client's formula title as text", () => {
    const csv = toCsv([{ _id: '1', title: '=HYPERLINK("http://evil.example","Click")' }], ['title'], ['Title'], new Map(), {});
    expect(csv).toBe(`Title\r\n"'=HYPERLINK(""http://evil.example"",""Click"")"\r\n`);
  });

});
