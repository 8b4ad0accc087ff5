import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { svgToPng } from './mailer';
import { renderMail, type MailPayload } from './render';
import { NOTIFICATION_PREVIEWS } from './templates/notifications';

/** Where `npm run email:preview` writes every template (HTML and text). */
export const PREVIEW_DIR = path.resolve('artifacts/email');

const SAMPLE_LINK = `https://app.cadence.example/reset-password?token=${'Zm9yLXByZXZpZXctb25seQ'.padEnd(43, 'x')}`;

/** One sample of every template (the type makes a new template add its own). */
export const PREVIEW_PAYLOADS: {
  [T in MailPayload['template']]: Extract<MailPayload, { template: T }>;
} = {
  'password-reset': {
    template: 'password-reset',
    to: 'owner@spinhouse.example',
    link: SAMPLE_LINK,
  },
  'password-changed': { template: 'password-changed', to: 'owner@spinhouse.example' },
  'verify-email': {
    template: 'verify-email',
    to: 'owner@spinhouse.example',
    link: SAMPLE_LINK.replace('/reset-password', '/verify-email'),
  },
  'email-change-confirm': {
    template: 'email-change-confirm',
    to: 'front-desk@spinhouse.example',
    link: SAMPLE_LINK.replace('/reset-password', '/verify-email'),
  },
  'email-change-notice': {
    template: 'email-change-notice',
    to: 'owner@spinhouse.example',
    newEmail: 'front-desk@spinhouse.example',
  },
  'payment-failed': {
    template: 'payment-failed',
    to: 'owner@spinhouse.example',
    planName: 'Spin Master',
    graceUntil: 'December 2, 2026',
    link: 'https://app.cadence.example/subscription',
  },
  'webhook-disabled': {
    template: 'webhook-disabled',
    to: 'owner@spinhouse.example',
    url: 'https://booking.spinhouse.example/hooks/cadence',
    description: 'Class list on our booking site',
    failures: 5,
    link: 'https://app.cadence.example/settings/api',
  },
  ...NOTIFICATION_PREVIEWS,
};

/** Renders every template to `<dir>/<template>.html` and `.txt`; answers the HTML files' paths. */
export async function writePreviews(dir = PREVIEW_DIR): Promise<Record<string, string>> {
  await mkdir(dir, { recursive: true });
  const written: Record<string, string> = {};
  for (const [name, payload] of Object.entries(PREVIEW_PAYLOADS)) {
    const message = renderMail(payload);
    const html = path.join(dir, `${name}.html`);
    let page = message.html;
    // Images the message attaches: written beside it, shown in place of their `cid:`.
    for (const image of message.images ?? []) {
      const file = `${name}-${image.filename}`;
      await writeFile(path.join(dir, file), await svgToPng(image.svg));
      page = page.replaceAll(`cid:${image.cid}`, file);
    }
    await writeFile(html, page);
    await writeFile(
      path.join(dir, `${name}.txt`),
      `Subject: ${message.subject}\n\n${message.text}\n`,
    );
    written[name] = html;
  }
  return written;
}
