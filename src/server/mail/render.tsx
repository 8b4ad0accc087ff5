import type { MailMessage } from './mailer';
import { emailHtml as html } from './templates/layout';
import {
  isNotification,
  renderNotification,
  type NotificationPayload,
} from './templates/notifications';
import {
  PASSWORD_CHANGED_SUBJECT,
  PasswordChangedEmail,
  passwordChangedText,
} from './templates/password-changed';
import {
  PASSWORD_RESET_SUBJECT,
  PasswordResetEmail,
  passwordResetText,
} from './templates/password-reset';

/**
 * What a mail job carries: the template, the address and its one link if it has one; a
 * notification also the titles and figures it shows and its unsubscribe link. Nothing else.
 */
export type MailPayload =
  | { template: 'password-reset'; to: string; link: string }
  | { template: 'password-changed'; to: string }
  | NotificationPayload;

/** The message a payload stands for: subject, HTML part and plain-text part. */
export function renderMail(payload: MailPayload): MailMessage {
  if (isNotification(payload)) return renderNotification(payload);
  switch (payload.template) {
    case 'password-reset':
      return {
        to: payload.to,
        link: payload.link,
        subject: PASSWORD_RESET_SUBJECT,
        html: html(<PasswordResetEmail link={payload.link} />),
        text: passwordResetText(payload.link),
      };
    case 'password-changed':
      return {
        to: payload.to,
        subject: PASSWORD_CHANGED_SUBJECT,
        html: html(<PasswordChangedEmail />),
        text: passwordChangedText(),
      };
  }
}
