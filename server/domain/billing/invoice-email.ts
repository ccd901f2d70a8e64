/**
 * POST /api/app/invoice/invoice-email { id, to }: sends a final invoice as a PDF attachment through the
 * deployment's SMTP relay (server/mail/mailer.ts) and records the dispatch on the invoice's emailLog.
 * The log is written only after the relay accepted the message, so it never claims a delivery that did
 * not leave; without a relay the call answers 503 and nothing changes.
 */
import type { ApiRecord } from '../../db/repository';
import { sendMail } from '../mail';
import type { CallContext, CallsOf } from '../call-context';
import { invoice, type InvoiceEmailBody } from '../../../src/contract/modules/billing';
import { asArray, asString, patchRecord, repoOf, requireBody } from '../records';
import { conflict } from '../errors';
import { refusal } from '../../../src/contract/refusalMessages';
import { formatRupees } from './amount-words';
import { renderInvoice } from './documents';

async function invoiceEmail(ctx: CallContext): Promise<ApiRecord> {
  const { id, to } = ctx.req.body as InvoiceEmailBody;
  const body = await requireBody(repoOf(ctx, invoice), id);
  if (body.status === 'Draft') throw conflict(refusal('finaliseBeforeSending'));
  const { buffer, fileName, title, number, issuerName } = await renderInvoice(ctx, id, body);
  const total = typeof body.grandTotalPaise === 'number' ? ` for ${formatRupees(body.grandTotalPaise)}` : '';
  const { messageId } = await sendMail(ctx.req.server.mailer, {
    to,
    subject: `${title} ${number} from ${issuerName}`,
    text: [
      `Dear ${asString(body.billToName) ?? 'customer'},`,
      '',
      `Please find attached ${title.toLowerCase()} ${number}${total}.`,
      '',
      `Regards,`,
      issuerName,
    ].join('\n'),
    attachments: [{ filename: fileName, content: buffer, contentType: 'application/pdf' }],
  });
  const emailLog = [...asArray(body.emailLog), { to, at: new Date().toISOString(), messageId, by: ctx.user.email }];
  return patchRecord(ctx, id, { emailLog });
}

export const invoiceEmailCalls = { invoiceEmail: { handler: invoiceEmail } } satisfies CallsOf<'invoice'>;
