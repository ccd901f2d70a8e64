/**
 * A payment's amount, questioned before it is sent (issue 12, item 3): more than its invoice still owes is refused
 * on the field, naming what is owed (the server refuses it too, with the same arithmetic: src/api/settlement.ts).
 * An amount under one rupee is questioned by every money input (ModuleForm, `underOneRupee`).
 */
import { formatPaise, readRupees } from '../../../api/money';
import { useMemo } from 'react';
import { useT } from '../../../i18n';
import { useReferenceList } from '../../data/resources';
import { outstandingOf } from '../../../api/settlement';
import type { Translate } from '../../../i18n';
import type { FormErrors, FormValues } from '../module/fieldModel';

type Record_ = Readonly<Record<string, unknown>>;

/** The amount's paise, when the field holds a readable amount. */
function typedPaise(values: FormValues): number | undefined {
  const text = values.amountPaise;
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  const reading = readRupees(text);
  return reading.ok ? reading.paise : undefined;
}

/** The refusal of an amount above what the chosen invoice still owes (none while either is unknown). */
export function paymentAmountErrors(values: FormValues, invoices: readonly Record_[], t: Translate): FormErrors {
  const paise = typedPaise(values);
  const invoice = invoices.find((record) => record._id === values.invoiceId);
  // Without its totals (a list that left them out) there is nothing to compare: the server still checks.
  if (paise === undefined || !invoice || typeof invoice.grandTotalPaise !== 'number') return {};
  const owed = outstandingOf(invoice);
  if (paise <= owed) return {};
  return { amountPaise: t('billing.moreThanOwed', { owed: formatPaise(owed), invoice: String(invoice.alternateId ?? '') }) };
}

/** The payment form's extra check, reading the invoices the form's picker offers (none for another module). */
export function usePaymentChecks(active: boolean): ((values: FormValues) => FormErrors) | undefined {
  const t = useT();
  const { slots } = useReferenceList(active ? 'invoice' : '');
  const invoices = slots.list.data;
  return useMemo(() => (active ? (values: FormValues) => paymentAmountErrors(values, invoices, t) : undefined), [active, invoices, t]);
}
