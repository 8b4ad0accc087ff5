import { EMAIL_LINK_HOURS } from '@shared/email-verification.contract';
import { EmailButton, EmailLayout, EmailLinkText } from './layout';

export const EMAIL_CHANGE_CONFIRM_SUBJECT = 'Confirm your new Cadence email address';

/** Sent to the new address of an email change: the change applies once the link is opened. */
export function EmailChangeConfirmEmail({ link }: { link: string }) {
  return (
    <EmailLayout preview="Confirm this address to make it the one you sign in to Cadence with.">
      <p style={{ margin: 0 }}>
        Someone asked to make this the email address of a Cadence account. Once you confirm it, you
        sign in with this address and Cadence writes to it.
      </p>
      <EmailButton href={link}>Confirm new address</EmailButton>
      <EmailLinkText href={link} />
      <p>
        The link works once, for {EMAIL_LINK_HOURS} hours. If you did not ask for this, ignore this
        email: nothing changes.
      </p>
    </EmailLayout>
  );
}

export function emailChangeConfirmText(link: string): string {
  return [
    'Cadence',
    '',
    'Someone asked to make this the email address of a Cadence account. Once you confirm it, you sign in with this address and Cadence writes to it.',
    '',
    `Confirm new address: ${link}`,
    '',
    `The link works once, for ${EMAIL_LINK_HOURS} hours. If you did not ask for this, ignore this email: nothing changes.`,
  ].join('\n');
}
