import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailMessage } from './mailer';
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

/** What a mail job carries: the template, the address and its one link if it has one (nothing else). */
export type MailPayload =
  | { template: 'password-reset'; to: string; link: string }
  | { template: 'password-changed'; to: string }
  | {
      template: 'payment-failed';
      to: string;
      planName: string;
      graceUntil: string;
      link?: string;
    };

const html = (element: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

/** The message a payload stands for: subject, HTML part and plain-text part. */
export function renderMail(payload: MailPayload): MailMessage {
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
  }
}
