/**
 * Rupees on screen, paise on the wire (issue 12): formatting with Indian grouping from the integer, reading
 * what a person types or pastes, a third decimal refused (not rounded), and the form's money fields built on it.
 */
import { describe, expect, it } from 'vitest';
import { payment } from '../../src/contract/modules/billing';
import { formatPaise, MONEY_MESSAGES, paiseToRupeeText, readRupees } from '../../src/contract/money';
import { describeFields, initialValues, toBody, validate } from '../../src/ui/screens/module/fieldModel';

describe('formatting paise', () => {
  it.each([
    [12_000_050, '₹1,20,000.50'],
    [100, '₹1.00'],
    [5, '₹0.05'],
    [0, '₹0.00'],
    [-12_345, '-₹123.45'],
    [1_23_45_67_890_12, '₹1,23,45,67,890.12'],
  ])('%i paise is %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });

  it('shows nothing it cannot show exactly', () => {
    expect(formatPaise(10.5)).toBe('—');
    expect(paiseToRupeeText(12_000_050)).toBe('1,20,000.50');
  });
});

describe('reading rupees', () => {
  it.each([
    ['1,20,000.50', 12_000_050],
    ['120000.5', 12_000_050],
    ['₹ 1,20,000', 12_000_000],
    [' 250 ', 25_000],
    ['0.29', 29],
    ['.5', 50],
    ['Rs. 1,000', 100_000],
    ['120,000.50', 12_000_050],
  ])('"%s" is %i paise', (text, paise) => {
    expect(readRupees(text)).toEqual({ ok: true, paise });
  });

  it.each([
    ['1.005', MONEY_MESSAGES.tooManyDecimals],
    ['12a', MONEY_MESSAGES.notAnAmount],
    ['', MONEY_MESSAGES.notAnAmount],
    ['.', MONEY_MESSAGES.notAnAmount],
    ['-5', MONEY_MESSAGES.negative],
    ['1.2.3', MONEY_MESSAGES.notAnAmount],
    ['99999999999999999', MONEY_MESSAGES.tooLarge],
  ])('"%s" is refused: %s', (text, message) => {
    expect(readRupees(text)).toEqual({ ok: false, message });
  });
});

describe('money fields of the generic form', () => {
  const fields = describeFields(payment);
  const amount = fields.find((f) => f.name === 'amountPaise')!;

  it('are typed in rupees under a label without "Paise"', () => {
    expect(amount).toMatchObject({ kind: 'money', label: 'Amount' });
    expect(fields.every((f) => !/Paise/.test(f.label))).toBe(true);
    expect(initialValues([amount], { amountPaise: 2_500_000 })).toEqual({ amountPaise: '25,000.00' });
  });

  it('send paise, and name a wrong amount beside its field', () => {
    const values = { ...initialValues(fields), amountPaise: '25,000', invoiceId: 'inv1', paymentDate: '2026-03-01', mode: 'UPI' };
    expect(toBody(fields, values, 'create')).toMatchObject({ amountPaise: 2_500_000 });
    expect(validate(payment, fields, { ...values, amountPaise: '250.005' }, 'create').amountPaise).toBe(MONEY_MESSAGES.tooManyDecimals);
  });
});
