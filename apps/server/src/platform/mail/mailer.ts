import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { uuidv7 } from '@casebook/domain';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  cc?: string;
  /** Overrides the configured sender (a tenant's own sender address). */
  from?: string;
  /** A stable Message-ID lets receivers drop a copy delivered twice. */
  messageId?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * DATA_DIR/mail, so a fresh install needs no mail server and nothing is lost.
 */
export function createMailer(options: { smtpUrl: string | undefined; dataDir: string; from: string }): Mailer {
  // nodemailer is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const outbox = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({ ...message, from: message.from ?? options.from });
      if (options.smtpUrl) return;
      fs.mkdirSync(outbox, { recursive: true });
      fs.writeFileSync(path.join(outbox, `${uuidv7()}.eml`), info.message as Buffer);
    },
  };
}
