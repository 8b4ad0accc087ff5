import { RESET_LINK_HOURS } from '@shared/password-reset.contract';
import { EmailButton, EmailLayout, EmailLinkText } from './layout';

export const PASSWORD_RESET_SUBJECT = 'Reset your Cadence password';

/** The reset link, asked for on the sign-in card or the admin login. */
export function PasswordResetEmail({ link }: { link: string }) {
  return (
    <EmailLayout preview="A link to choose a new password for your Cadence account.">
      <p style={{ margin: 0 }}>Someone asked to reset the password of your Cadence account.</p>
      <EmailButton href={link}>Choose a new password</EmailButton>
      <EmailLinkText href={link} />
      <p>
        The link works once, for {RESET_LINK_HOURS} hour. If you did not ask for it, ignore this
        email: your password stays as it is.
      </p>
    </EmailLayout>
  );
}

export function passwordResetText(link: string): string {
  return [
    'Cadence',
    '',
    'Someone asked to reset the password of your Cadence account.',
    '',
    `Choose a new password: ${link}`,
    '',
    `The link works once, for ${RESET_LINK_HOURS} hour. If you did not ask for it, ignore this email: your password stays as it is.`,
  ].join('\n');
}
