/**
 * The proposal page writes rupees out by hand (publicProposalTerms.ts, formatRupees) rather than with
 * Intl.NumberFormat('en-IN'), to spare a phone the locale's data on its first render (issue 18). It must read
 * exactly as that formatter would: checked against it on fixed amounts and on amounts of every size.
 */
import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/contract/publicProposalTerms';

const enIn = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('formatRupees', () => {
  it('groups the last three rupee digits, then by two, with two decimals', () => {
    expect(formatRupees(255000)).toBe('2,55,000.00');
    expect(formatRupees(48500.5)).toBe('48,500.50');
    expect(formatRupees(1234567890.12)).toBe('1,23,45,67,890.12');
    expect(formatRupees(0)).toBe('0.00');
    expect(formatRupees(0.05)).toBe('0.05');
    expect(formatRupees(-1234.5)).toBe('-1,234.50');
  });

  it('reads as en-IN formats it, for amounts from a paisa to a thousand crore', () => {
    // A fixed sequence (no Math.random), so a failure names an amount that fails again.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 3000; i++) {
      const paise = next() % 10 ** (1 + (i % 13));
      // `|| 0`: Intl writes minus zero as "-0.00"; no amount is "0.00" here, as the fixed case above says.
      const rupees = ((i % 5 === 0 ? -1 : 1) * paise) / 100 || 0;
      expect(formatRupees(rupees), String(rupees)).toBe(enIn.format(rupees));
    }
  });
});
