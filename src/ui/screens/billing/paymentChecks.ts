/**
 * A payment's amount, questioned before it is sent (issue 12, item 3): more than its invoice still owes is refused
 * on the field, naming what is owed (the server refuses it too, with the same arithmetic: src/contract/settlement.ts).
 * An amount under one rupee is questioned by every money input (ModuleForm, `underOneRupee`).
 */
import { useMemo } from 'react';
import { formatPaise } from '../../../contract/money';
import { outstandingOf } from '../../../contract/settlement';
import { useT, type Translate } from '../../../i18n';
import { useReferenceList } from '../../data/resources';
import { typedPaise, type FormErrors, type FormValues } from '../module/fieldModel';

type Record_ = Readonly<Record<string, unknown>>;

/** The refusal of an amount above what the chosen invoice still owes (none while either is unknown). */
export function paymentAmountErrors(values: FormValues, invoices: readonly Record_[], t: Translate): FormErrors {
  const paise = typedPaise(values.amountPaise);
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
