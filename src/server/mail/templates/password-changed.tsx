import { EmailLayout } from './layout';

export const PASSWORD_CHANGED_SUBJECT = 'Your Cadence password was changed';

/** The notice after a reset: the password changed and every session was signed out. No link. */
export function PasswordChangedEmail() {
  return (
    <EmailLayout preview="The password of your Cadence account was just changed.">
      <p style={{ margin: 0 }}>
        The password of your Cadence account was just changed with a reset link, and every device
        signed in to it was signed out.
      </p>
      <p>
        If that was you, there is nothing more to do. If it was not, use &lsquo;Forgot
        password?&rsquo; on the Cadence sign-in page to choose a new password at once.
      </p>
    </EmailLayout>
  );
}

export function passwordChangedText(): string {
  return [
    'Cadence',
    '',
    'The password of your Cadence account was just changed with a reset link, and every device signed in to it was signed out.',
    '',
    "If that was you, there is nothing more to do. If it was not, use 'Forgot password?' on the Cadence sign-in page to choose a new password at once.",
  ].join('\n');
}
