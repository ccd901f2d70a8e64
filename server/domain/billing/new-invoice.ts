/**
 * What a new invoice starts with (GET invoice/new-invoice, issue 33): the form cannot know the subscriber's own GSTIN,
 * nor which day it is on the subscriber's wall clock, so it asks. The supplier is the subscriber (its record's company
 * name and GSTIN); the date is today in the subscriber's time zone; the type is the schema's default.
 */
import { subscriber } from '../../../src/contract/modules/admin';
import { INVOICE_TYPES, type NewInvoice } from '../../../src/contract/modules/billing';
import { todayIn, zoneOrDefault } from '../../../src/contract/zonedTime';
import { ALL_TENANTS, repo } from '../../db/repository';
import type { CallContext, CallsOf } from '../call-context';
import { asString } from '../records';

/** The schema's default type (src/contract/modules/billing.ts `invoiceType`): a tax invoice. */
const DEFAULT_INVOICE_TYPE: (typeof INVOICE_TYPES)[number] = 'Tax Invoice';

async function newInvoice(ctx: CallContext): Promise<NewInvoice> {
  const issuer = await repo(ctx.db, subscriber, ALL_TENANTS).getBody(String(ctx.tenantId));
  const supplierGstin = asString(issuer?.gstNo);
  const supplierName = asString(issuer?.companyName);
  return {
    invoiceType: DEFAULT_INVOICE_TYPE,
    invoiceDate: todayIn(zoneOrDefault(asString(issuer?.timezone))),
    ...(supplierGstin ? { supplierGstin } : {}),
    ...(supplierName ? { supplierName } : {}),
  };
}

export const newInvoiceCalls = { newInvoice: { handler: newInvoice } } satisfies CallsOf<'invoice'>;
