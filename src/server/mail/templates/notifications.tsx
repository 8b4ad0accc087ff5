import type { MailMessage } from '../mailer';
import {
  ActivityDigestEmail,
  activityDigestSubject,
  activityDigestText,
  type ActivityDigest,
} from './activity-digest';
import { barChartSvg } from './chart';
import { emailHtml as html } from './layout';
import {
  VideoFailedEmail,
  videoFailedSubject,
  videoFailedText,
  VideoReadyEmail,
  videoReadySubject,
  videoReadyText,
  VideoWaitingEmail,
  videoWaitingSubject,
  videoWaitingText,
  type WaitingReason,
} from './video-notices';
import {
  chartBars,
  WEEKLY_CHART_CID,
  WeeklyReportEmail,
  weeklyReportSubject,
  weeklyReportText,
  type WeeklyReport,
} from './weekly-report';

/**
 * The notification emails (issue #16 part 4): each honours a switch of Settings > Notifications and
 * carries its one-click unsubscribe link (`unsubscribe`, RFC 8058 headers). Their jobs hold the
 * figures and titles they show: no secret but the unsubscribe link.
 */
export type NotificationPayload = { to: string; unsubscribe: string } & (
  | { template: 'video-ready'; title: string; link: string }
  | { template: 'video-failed'; title: string; notes: string | null; link: string }
  | {
      template: 'video-waiting';
      title: string;
      studio: string;
      reason: WaitingReason;
      notes: string | null;
      link: string;
    }
  | ({ template: 'activity-digest' } & Omit<ActivityDigest, 'unsubscribe'>)
  | ({ template: 'weekly-report' } & Omit<WeeklyReport, 'unsubscribe'>)
);

export const NOTIFICATION_TEMPLATES = [
  'video-ready',
  'video-failed',
  'video-waiting',
  'activity-digest',
  'weekly-report',
] as const satisfies ReadonlyArray<NotificationPayload['template']>;

export function isNotification(payload: { template: string }): payload is NotificationPayload {
  return (NOTIFICATION_TEMPLATES as readonly string[]).includes(payload.template);
}

/** RFC 8058: a POST to the link unsubscribes in one click (a GET only shows a confirmation). */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function body(p: NotificationPayload): Pick<MailMessage, 'subject' | 'html' | 'text' | 'images'> {
  switch (p.template) {
    case 'video-ready':
      return {
        subject: videoReadySubject(p.title),
        html: html(<VideoReadyEmail {...p} />),
        text: videoReadyText(p),
      };
    case 'video-failed':
      return {
        subject: videoFailedSubject(p.title),
        html: html(<VideoFailedEmail {...p} />),
        text: videoFailedText(p),
      };
    case 'video-waiting':
      return {
        subject: videoWaitingSubject(p.title),
        html: html(<VideoWaitingEmail {...p} />),
        text: videoWaitingText(p),
      };
    case 'activity-digest':
      return {
        subject: activityDigestSubject(p),
        html: html(<ActivityDigestEmail {...p} />),
        text: activityDigestText(p),
      };
    case 'weekly-report':
      return {
        subject: weeklyReportSubject(p),
        html: html(<WeeklyReportEmail {...p} />),
        text: weeklyReportText(p),
        images: [
          { cid: WEEKLY_CHART_CID, filename: 'views-per-day.png', svg: barChartSvg(chartBars(p)) },
        ],
      };
  }
}

export function renderNotification(payload: NotificationPayload): MailMessage {
  return {
    to: payload.to,
    link: payload.link,
    headers: unsubscribeHeaders(payload.unsubscribe),
    ...body(payload),
  };
}

const SAMPLE_ORIGIN = 'https://app.cadence.example';
const SAMPLE_UNSUBSCRIBE = `${SAMPLE_ORIGIN}/api/email/unsubscribe?token=sample`;
const to = 'owner@spinhouse.example';

/** One sample of each notification (the previews). */
export const NOTIFICATION_PREVIEWS: {
  [T in NotificationPayload['template']]: Extract<NotificationPayload, { template: T }>;
} = {
  'video-ready': {
    template: 'video-ready',
    to,
    unsubscribe: SAMPLE_UNSUBSCRIBE,
    title: 'Morning Climb, 45 min',
    link: `${SAMPLE_ORIGIN}/videos`,
  },
  'video-failed': {
    template: 'video-failed',
    to,
    unsubscribe: SAMPLE_UNSUBSCRIBE,
    title: 'Friday Intervals',
    notes:
      'We could not read this video file, so it cannot be processed. Please upload it again, or export it as MP4 (H.264) and upload that.',
    link: `${SAMPLE_ORIGIN}/videos`,
  },
  'video-waiting': {
    template: 'video-waiting',
    to: 'admin@cadence.example',
    unsubscribe: SAMPLE_UNSUBSCRIBE,
    title: 'Hill Repeats',
    studio: 'Spin House',
    reason: 'needs-manual',
    notes:
      'Background replacement needs manual work: the camera moves, so there is no steady background to separate.',
    link: `${SAMPLE_ORIGIN}/admin`,
  },
  'activity-digest': {
    template: 'activity-digest',
    to,
    unsubscribe: SAMPLE_UNSUBSCRIBE,
    day: '2026-11-24',
    views: 14,
    riders: 9,
    topClass: { title: 'Morning Climb, 45 min', views: 6 },
    link: `${SAMPLE_ORIGIN}/analytics`,
  },
  'weekly-report': {
    template: 'weekly-report',
    to,
    unsubscribe: SAMPLE_UNSUBSCRIBE,
    weekStart: '2026-11-16',
    views: { value: 86, change: 12.5 },
    watchTimeHours: { value: 41.25, change: -3 },
    activeRiders: { value: 31, change: null },
    days: [9, 14, 11, 18, 7, 21, 6].map((views, i) => ({
      date: `2026-11-${16 + i}`,
      views,
    })),
    topClasses: [
      { title: 'Morning Climb, 45 min', views: 24 },
      { title: 'Friday Intervals', views: 19 },
      { title: 'Hill Repeats', views: 12 },
    ],
    link: `${SAMPLE_ORIGIN}/analytics`,
  },
};
