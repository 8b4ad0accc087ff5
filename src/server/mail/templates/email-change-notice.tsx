import { EmailLayout } from './layout';

export const EMAIL_CHANGE_NOTICE_SUBJECT = 'Your Cadence email address is being changed';

/** Sent to the old address of an email change. No link: nothing to click in a message like this. */
export function EmailChangeNoticeEmail({ newEmail }: { newEmail: string }) {
  return (
    <EmailLayout preview="A change of your Cadence account's email address waits for confirmation.">
      <p style={{ margin: 0 }}>
        Someone signed in to your Cadence account asked to change its email address to{' '}
        <strong style={{ wordBreak: 'break-all' }}>{newEmail}</strong>. The change applies only once
        the link sent to that address is opened.
      </p>
      <p>
        If that was you, there is nothing more to do. If it was not, sign in to Cadence, cancel the
        change under Settings and change your password.
      </p>
    </EmailLayout>
  );
}

export function emailChangeNoticeText(newEmail: string): string {
  return [
    'Cadence',
    '',
    `Someone signed in to your Cadence account asked to change its email address to ${newEmail}. The change applies only once the link sent to that address is opened.`,
    '',
    'If that was you, there is nothing more to do. If it was not, sign in to Cadence, cancel the change under Settings and change your password.',
  ].join('\n');
}
