/**
 * Sending a message through the deployment's relay (server/mail/mailer.ts) in the domain's terms: no relay is
 * "unavailable", a refused message is "upstream refused" with the relay's reason. Nothing pretends a message left.
 */
import { refusal } from '../../src/contract/refusalMessages';
import { MAIL_NOT_CONFIGURED, type Mailer, type MailMessage } from '../mail/mailer';
import { unavailable, upstreamRefused } from './errors';

export async function sendMail(mailer: Mailer | undefined, message: MailMessage): Promise<{ messageId: string }> {
  if (!mailer) throw unavailable(MAIL_NOT_CONFIGURED);
  try {
    return await mailer.send(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw upstreamRefused(refusal('mailRefused', { reason }));
  }
}
