import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import type { MailConfig } from '../config';

/** One rendered email: an HTML and a plain-text part, to one address. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one link the message exists for, if any (logged when the message goes to the outbox). */
  link?: string;
  /** Extra headers (the notifications' List-Unsubscribe). */
  headers?: Record<string, string>;
  /** SVG images the HTML shows through `cid:`, attached as PNG (mail clients do not show SVG). */
  images?: Array<{ cid: string; filename: string; svg: string }>;
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

/** What nodemailer sends: the parts, the headers, and each image rendered to PNG. */
async function parts({ to, subject, html, text, headers, images = [] }: MailMessage) {
  const attachments = await Promise.all(
    images.map(async ({ cid, filename, svg }) => ({
      cid,
      filename,
      contentType: 'image/png',
      content: await svgToPng(svg),
    })),
  );
  return { to, subject, html, text, headers, attachments };
}

/** An SVG as a PNG at twice its size (sharp, with librsvg), sharp on high-density screens. */
export function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    async send(message) {
      await transport.sendMail(await parts(message));
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
      const info = await transport.sendMail(await parts(message));
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
