import { EmailButton, EmailLayout } from './layout';
import { NotificationFooter, notificationFooterText } from './notification-parts';

/** What each video notice needs: the class, where to act, and the one-click unsubscribe link. */
interface VideoNotice {
  title: string;
  /** The owner's Video Library, or the admin desk. */
  link: string;
  unsubscribe: string;
}

export const videoReadySubject = (title: string) => `“${title}” is ready for your riders`;

export function VideoReadyEmail({ title, link, unsubscribe }: VideoNotice) {
  return (
    <EmailLayout preview={`Your class “${title}” is enhanced and ready to play.`}>
      <p style={{ margin: 0 }}>
        Your class <strong>{title}</strong> is enhanced and ready: riders can play it from your gym
        page now.
      </p>
      <EmailButton href={link}>Open your Video Library</EmailButton>
      <NotificationFooter setting="notifyEmail" unsubscribe={unsubscribe} />
    </EmailLayout>
  );
}

export function videoReadyText({ title, link, unsubscribe }: VideoNotice): string {
  return [
    'Cadence',
    '',
    `Your class "${title}" is enhanced and ready: riders can play it from your gym page now.`,
    '',
    `Open your Video Library: ${link}`,
    '',
    notificationFooterText('notifyEmail', unsubscribe),
  ].join('\n');
}

export const videoFailedSubject = (title: string) => `“${title}” could not be processed`;

const FAILED_WHAT_TO_DO = 'Replace it with a new upload, or delete it, from your Video Library.';

export function VideoFailedEmail({
  title,
  notes,
  link,
  unsubscribe,
}: VideoNotice & { notes: string | null }) {
  return (
    <EmailLayout preview={`Your class “${title}” could not be processed.`}>
      <p style={{ margin: 0 }}>
        Your class <strong>{title}</strong> could not be processed.
      </p>
      {notes && (
        <p style={{ padding: '12px 16px', backgroundColor: '#fef2f2', borderRadius: 8 }}>{notes}</p>
      )}
      <p>{FAILED_WHAT_TO_DO}</p>
      <EmailButton href={link}>Open your Video Library</EmailButton>
      <NotificationFooter setting="notifyEmail" unsubscribe={unsubscribe} />
    </EmailLayout>
  );
}

export function videoFailedText({
  title,
  notes,
  link,
  unsubscribe,
}: VideoNotice & { notes: string | null }): string {
  return [
    'Cadence',
    '',
    `Your class "${title}" could not be processed.`,
    ...(notes ? ['', notes] : []),
    '',
    FAILED_WHAT_TO_DO,
    '',
    `Open your Video Library: ${link}`,
    '',
    notificationFooterText('notifyEmail', unsubscribe),
  ].join('\n');
}

/** Why a video waits for the admin team. */
export type WaitingReason = 'manual-start' | 'needs-manual' | 'failed';

const WAITING_WHY: Record<WaitingReason, string> = {
  'manual-start':
    'Automatic enhancement is off (AUTO_ENHANCE=off): it waits for an admin to start it.',
  'needs-manual': 'The automatic enhancement gave up on it: it needs an admin’s hand.',
  failed: 'The automatic processing failed: an admin can retry it or upload an enhanced file.',
};

export const videoWaitingSubject = (title: string) =>
  `A video waits for the admin team: “${title}”`;

export function VideoWaitingEmail({
  title,
  studio,
  reason,
  notes,
  link,
  unsubscribe,
}: VideoNotice & { studio: string; reason: WaitingReason; notes: string | null }) {
  return (
    <EmailLayout preview={`“${title}” from ${studio} waits for an admin.`}>
      <p style={{ margin: 0 }}>
        <strong>{title}</strong> from {studio} waits for the admin team.
      </p>
      <p>{WAITING_WHY[reason]}</p>
      {notes && (
        <p style={{ padding: '12px 16px', backgroundColor: '#f5f5f4', borderRadius: 8 }}>{notes}</p>
      )}
      <EmailButton href={link}>Open the admin desk</EmailButton>
      <NotificationFooter setting="notifyEmail" unsubscribe={unsubscribe} />
    </EmailLayout>
  );
}

export function videoWaitingText({
  title,
  studio,
  reason,
  notes,
  link,
  unsubscribe,
}: VideoNotice & { studio: string; reason: WaitingReason; notes: string | null }): string {
  return [
    'Cadence',
    '',
    `"${title}" from ${studio} waits for the admin team.`,
    '',
    WAITING_WHY[reason],
    ...(notes ? ['', notes] : []),
    '',
    `Open the admin desk: ${link}`,
    '',
    notificationFooterText('notifyEmail', unsubscribe),
  ].join('\n');
}
