import type { MailMessage } from './mailer';
import { emailHtml as html } from './templates/layout';
import {
  isNotification,
  renderNotification,
  type NotificationPayload,
} from './templates/notifications';
import {
  EMAIL_CHANGE_CONFIRM_SUBJECT,
  EmailChangeConfirmEmail,
  emailChangeConfirmText,
} from './templates/email-change-confirm';
import {
  EMAIL_CHANGE_NOTICE_SUBJECT,
  EmailChangeNoticeEmail,
  emailChangeNoticeText,
} from './templates/email-change-notice';
import {
  PASSWORD_CHANGED_SUBJECT,
  PasswordChangedEmail,
  passwordChangedText,
} from './templates/password-changed';
import {
  PAYMENT_FAILED_SUBJECT,
  PaymentFailedEmail,
  paymentFailedText,
} from './templates/payment-failed';
import {
  PASSWORD_RESET_SUBJECT,
  PasswordResetEmail,
  passwordResetText,
} from './templates/password-reset';
import { VERIFY_EMAIL_SUBJECT, VerifyEmailEmail, verifyEmailText } from './templates/verify-email';
import {
  WEBHOOK_DISABLED_SUBJECT,
  WebhookDisabledEmail,
  webhookDisabledText,
} from './templates/webhook-disabled';

/**
 * What a mail job carries: the template, the address and its one link if it has one; the notice
 * of an email change also names the new address, and a notification the titles and figures it
 * shows and its unsubscribe link. Nothing else.
 */
export type MailPayload =
  | { template: 'password-reset'; to: string; link: string }
  | { template: 'password-changed'; to: string }
  | { template: 'verify-email'; to: string; link: string }
  | { template: 'email-change-confirm'; to: string; link: string }
  | { template: 'email-change-notice'; to: string; newEmail: string }
  | {
      template: 'payment-failed';
      to: string;
      planName: string;
      graceUntil: string;
      link?: string;
    }
  | {
      template: 'webhook-disabled';
      to: string;
      url: string;
      description: string | null;
      failures: number;
      link: string;
    }
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
    case 'verify-email':
      return {
        to: payload.to,
        link: payload.link,
        subject: VERIFY_EMAIL_SUBJECT,
        html: html(<VerifyEmailEmail link={payload.link} />),
        text: verifyEmailText(payload.link),
      };
    case 'email-change-confirm':
      return {
        to: payload.to,
        link: payload.link,
        subject: EMAIL_CHANGE_CONFIRM_SUBJECT,
        html: html(<EmailChangeConfirmEmail link={payload.link} />),
        text: emailChangeConfirmText(payload.link),
      };
    case 'email-change-notice':
      return {
        to: payload.to,
        subject: EMAIL_CHANGE_NOTICE_SUBJECT,
        html: html(<EmailChangeNoticeEmail newEmail={payload.newEmail} />),
        text: emailChangeNoticeText(payload.newEmail),
      };
    case 'payment-failed': {
      const { to, template: _template, ...props } = payload;
      return {
        to,
        ...(props.link ? { link: props.link } : {}),
        subject: PAYMENT_FAILED_SUBJECT,
        html: html(<PaymentFailedEmail {...props} />),
        text: paymentFailedText(props),
      };
    }
    case 'webhook-disabled': {
      const { to, template: _template, ...props } = payload;
      return {
        to,
        link: props.link,
        subject: WEBHOOK_DISABLED_SUBJECT,
        html: html(<WebhookDisabledEmail {...props} />),
        text: webhookDisabledText(props),
      };
    }
  }
}
