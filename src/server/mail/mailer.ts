import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

/** One rendered email: an HTML and a plain-text part, to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one link the message exists for, if any (logged when the message goes to the outbox). */
  link?: string;
}

/** Where messages leave the app: an SMTP server, or the outbox folder. */
export interface Mailer {
  /** Sends one message; throws when it could not be handed over (the job retries). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  mail: MailConfig;
  dataDir: string;
  log: FastifyBaseLogger;
}

/** SMTP_URL set: nodemailer over SMTP; unset: each message as an .eml file in DATA_DIR/outbox. */
export function createMailer({ mail, dataDir, log }: MailerOptions): Mailer {
  return mail.smtpUrl
    ? smtpMailer(mail.smtpUrl, mail.from)
    : outboxMailer(path.join(dataDir, 'outbox'), mail.from, log);
}

const parts = ({ to, subject, html, text }: MailMessage) => ({ to, subject, html, text });

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    async send(message) {
      await transport.sendMail(parts(message));
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from },
  );
  return {
    async send(message) {
      const info = await transport.sendMail(parts(message));
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, link: message.link, file },
        'email written to the outbox (SMTP_URL is unset)',
      );
    },
    close: () => transport.close(),
  };
}
