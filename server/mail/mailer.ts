/**
 * Outgoing e-mail through the SMTP relay of the deployment (SMTP_URL, e.g.
 * `smtp://user:password@mail.example.com:587`, or `smtps://…` for implicit TLS). There is no fallback:
 * without a relay the product says so instead of pretending a message left, because a person who sees
 * "sent" expects the client to have it.
 */
import nodemailer from 'nodemailer';
import { refusal } from '../../src/contract/refusalMessages';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent when SMTP_URL is not configured. */
    mailer?: Mailer;
  }
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  /** Resolves with the relay's message id once the relay accepted the message. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** No relay is configured: what a call that would send a message is answered (its English and its words). */
export const MAIL_NOT_CONFIGURED = refusal('mailNotConfigured');

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message, attachments: message.attachments?.map((a) => ({ ...a })) });
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}
