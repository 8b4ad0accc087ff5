import { EMAIL_LINK_HOURS } from '@shared/email-verification.contract';
import { EmailButton, EmailLayout, EmailLinkText } from './layout';

export const VERIFY_EMAIL_SUBJECT = 'Verify your Cadence email address';

/** Sent to a new account's address (and again on 'Resend'): the link proves the address. */
export function VerifyEmailEmail({ link }: { link: string }) {
  return (
    <EmailLayout preview="One click to confirm this is the address of your Cadence account.">
      <p style={{ margin: 0 }}>
        Welcome to Cadence. Please confirm that this is the email address of your account.
      </p>
      <EmailButton href={link}>Verify email address</EmailButton>
      <EmailLinkText href={link} />
      <p>
        The link works once, for {EMAIL_LINK_HOURS} hours. If you did not create a Cadence account,
        ignore this email.
      </p>
    </EmailLayout>
  );
}

export function verifyEmailText(link: string): string {
  return [
    'Cadence',
    '',
    'Welcome to Cadence. Please confirm that this is the email address of your account.',
    '',
    `Verify email address: ${link}`,
    '',
    `The link works once, for ${EMAIL_LINK_HOURS} hours. If you did not create a Cadence account, ignore this email.`,
  ].join('\n');
}
