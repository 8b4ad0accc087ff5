import { EmailButton, EmailLayout } from './layout';
import { dayWords, NotificationFooter, notificationFooterText, plural } from './notification-parts';

/** One day of rider activity (a local date of the owner's time zone). */
export interface ActivityDigest {
  /** YYYY-MM-DD. */
  day: string;
  views: number;
  riders: number;
  topClass: { title: string; views: number } | null;
  /** The analytics screen. */
  link: string;
  unsubscribe: string;
}

export const activityDigestSubject = (d: Pick<ActivityDigest, 'views' | 'day'>) =>
  `${plural(d.views, 'class view')} on ${dayWords(d.day, false)}`;

const lines = (d: ActivityDigest) => [
  `Your riders played ${plural(d.views, 'class', 'classes')} on ${dayWords(d.day)}, from ${plural(d.riders, 'device')}.`,
  ...(d.topClass
    ? [`Most played: “${d.topClass.title}” (${plural(d.topClass.views, 'view')}).`]
    : []),
];

/** Student Activity Alerts: at most one a day, only for a day with rider activity. */
export function ActivityDigestEmail(d: ActivityDigest) {
  const [lead, top] = lines(d);
  return (
    <EmailLayout preview={lead!}>
      <p style={{ margin: 0 }}>{lead}</p>
      {top && <p>{top}</p>}
      <EmailButton href={d.link}>See your analytics</EmailButton>
      <NotificationFooter setting="notifyStudentActivity" unsubscribe={d.unsubscribe} />
    </EmailLayout>
  );
}

export function activityDigestText(d: ActivityDigest): string {
  return [
    'Cadence',
    '',
    ...lines(d),
    '',
    `See your analytics: ${d.link}`,
    '',
    notificationFooterText('notifyStudentActivity', d.unsubscribe),
  ].join('\n');
}
