import { notificationLabel as labelOf, type NotificationKey } from '@shared/account.contract';
import type { FastifyBaseLogger } from 'fastify';
import { UNSUBSCRIBE_PATH } from '@shared/notifications.contract';
import type { MailOutbox } from '../../mail/mail-queue';
import type { NotificationPayload } from '../../mail/templates/notifications';
import type { WaitingReason } from '../../mail/templates/video-notices';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { AuthService } from '../auth/auth.service';
import type { VideoEventNotice } from '../videos/lifecycle';
import { addDays, localTime, startOfDay } from '../../lib/local-time';
import type { NotificationsRepository, Recipient } from './notifications.repository';
import type { UnsubscribeTarget, UnsubscribeTokens } from './unsubscribe-token';

/** The local hour from which the digest (of the day before) and the Monday report go out. */
export const MORNING_HOUR = 8;
/** The classes a weekly report lists. */
export const REPORT_TOP_CLASSES = 3;
const MONDAY = 1;

const READY_ACTIONS = new Set(['enhanced', 'enhanced_uploaded']);
const FAILED_ACTIONS = new Set([
  'ingest_failed',
  'enhance_failed',
  'package_failed',
  'marked_failed',
]);

interface Deps {
  repo: NotificationsRepository;
  users: Pick<AuthService, 'updateUser'>;
  analytics: Pick<AnalyticsService, 'periodReport'>;
  mail: MailOutbox;
  tokens: UnsubscribeTokens;
  /** Where the emails' links point (PUBLIC_URL, or the local address). */
  origin: string;
  /** AUTO_ENHANCE: off, every ingested video waits for an admin. */
  autoEnhance: boolean;
  log: FastifyBaseLogger;
}

/** Payload fields every notification has, filled in per recipient. */
type Addressed<T> = T extends unknown ? Omit<T, 'to' | 'unsubscribe'> : never;

/**
 * The notification emails, each behind its switch of Settings > Notifications (product.md §14):
 * the owner's video notices (Email Notifications), the admin team's 'a video waits for you', the
 * daily rider digest (Student Activity Alerts) and the Monday report (Weekly Reports).
 */
export function notificationsService({
  repo,
  users,
  analytics,
  mail,
  tokens,
  origin,
  autoEnhance,
  log,
}: Deps) {
  const unsubscribeLink = (target: UnsubscribeTarget) =>
    `${origin}${UNSUBSCRIBE_PATH}?token=${tokens.issue(target)}`;

  function send(
    to: Recipient,
    setting: NotificationKey,
    payload: Addressed<NotificationPayload>,
    key?: string,
  ) {
    return mail.enqueue(
      {
        ...payload,
        to: to.email,
        unsubscribe: unsubscribeLink({ userId: to.id, setting }),
      } as NotificationPayload,
      { key },
    );
  }

  function waitingReason(notice: VideoEventNotice): WaitingReason | null {
    if (notice.action === 'needs_manual') return 'needs-manual';
    if (notice.action === 'ingested' && notice.status === 'uploaded' && !autoEnhance)
      return 'manual-start';
    if (
      notice.by === 'system' &&
      (notice.action === 'enhance_failed' || notice.action === 'package_failed')
    )
      return 'failed';
    return null;
  }

  async function videoEvent(notice: VideoEventNotice): Promise<void> {
    const ready = READY_ACTIONS.has(notice.action) && notice.status === 'enhanced';
    const failed = FAILED_ACTIONS.has(notice.action);
    const reason = waitingReason(notice);
    if (!ready && !failed && !reason) return;
    const video = await repo.videoWithOwner(notice.videoId);
    if (!video) return;
    // One message per event and recipient, however often this runs.
    const key = (userId: string) => `video-event:${notice.eventId}:${userId}`;
    const { owner } = video;
    if (owner.notifyEmail && (ready || failed)) {
      const link = `${origin}/videos`;
      await send(
        owner,
        'notifyEmail',
        ready
          ? { template: 'video-ready', title: video.title, link }
          : { template: 'video-failed', title: video.title, notes: video.notes, link },
        key(owner.id),
      );
    }
    if (reason) {
      for (const admin of await repo.admins()) {
        await send(
          admin,
          'notifyEmail',
          {
            template: 'video-waiting',
            title: video.title,
            studio: video.studio ?? owner.email,
            reason,
            notes: reason === 'manual-start' ? null : video.notes,
            link: `${origin}/admin/videos`,
          },
          key(admin.id),
        );
      }
    }
  }

  /** Yesterday's digest, when yesterday (in the owner's zone) had counted views. */
  async function digest(owner: Recipient, today: string): Promise<boolean> {
    const day = addDays(today, -1);
    if (await repo.wasSent(owner.id, 'activity-digest', day)) return false;
    const report = await analytics.periodReport(owner.id, {
      timeZone: owner.timeZone,
      end: startOfDay(today, owner.timeZone),
      days: 1,
    });
    const views = report.summary.totalViews.value;
    if (views === 0) return false;
    const top = report.topVideos[0];
    return claimAndSend(owner, 'activity-digest', day, 'notifyStudentActivity', {
      template: 'activity-digest',
      day,
      views,
      riders: report.summary.activeStudents.value,
      topClass: top ? { title: top.title, views: top.views } : null,
      link: `${origin}/analytics`,
    });
  }

  /** Last week's report (Monday to Sunday in the owner's zone), on Monday. */
  async function weekly(owner: Recipient, today: string): Promise<boolean> {
    const weekStart = addDays(today, -7);
    if (await repo.wasSent(owner.id, 'weekly-report', weekStart)) return false;
    const report = await analytics.periodReport(owner.id, {
      timeZone: owner.timeZone,
      end: startOfDay(today, owner.timeZone),
      days: 7,
    });
    const { totalViews, watchTimeHours, activeStudents } = report.summary;
    return claimAndSend(owner, 'weekly-report', weekStart, 'notifyWeeklyReports', {
      template: 'weekly-report',
      weekStart,
      views: totalViews,
      watchTimeHours,
      activeRiders: activeStudents,
      days: report.days.map((d) => ({ date: d.date, views: d.views })),
      topClasses: report.topVideos
        .slice(0, REPORT_TOP_CLASSES)
        .map((v) => ({ title: v.title, views: v.views })),
      link: `${origin}/analytics`,
    });
  }

  async function claimAndSend(
    owner: Recipient,
    kind: 'activity-digest' | 'weekly-report',
    period: string,
    setting: NotificationKey,
    payload: Addressed<NotificationPayload>,
  ): Promise<boolean> {
    if (!(await repo.claim(owner.id, kind, period))) return false;
    try {
      await send(owner, setting, payload);
    } catch (error) {
      await repo.release(owner.id, kind, period);
      throw error;
    }
    return true;
  }

  return {
    /**
     * The lifecycle's listener: a ready or failed video tells its owner, a video that waits for an
     * admin tells the admin team. Never throws (the video's change is made already).
     */
    async videoEvent(notice: VideoEventNotice): Promise<void> {
      try {
        await videoEvent(notice);
      } catch (err) {
        log.error(
          { err, videoId: notice.videoId, action: notice.action },
          'notification not queued',
        );
      }
    },

    /**
     * The hourly tick: each owner whose morning it is (from 08:00 local) gets yesterday's digest
     * when yesterday had rider activity, and on Monday last week's report, each once per period.
     * `at` is the clock's now (a test passes its own).
     */
    async runDue(at: Date): Promise<{ digests: number; reports: number }> {
      const sent = { digests: 0, reports: 0 };
      for (const owner of await repo.scheduled()) {
        try {
          const local = localTime(at, owner.timeZone);
          if (local.hour < MORNING_HOUR) continue;
          if (owner.notifyStudentActivity && (await digest(owner, local.date))) sent.digests += 1;
          if (
            owner.notifyWeeklyReports &&
            local.weekday === MONDAY &&
            (await weekly(owner, local.date))
          )
            sent.reports += 1;
        } catch (err) {
          log.error({ err, userId: owner.id }, 'scheduled notification not queued');
        }
      }
      return sent;
    },

    /** The switch a genuine unsubscribe token names (its label), or null. */
    describe(token: string): { label: string } | null {
      const target = tokens.read(token);
      return target ? { label: labelOf(target.setting) } : null;
    },

    /** Turns off the switch a genuine token names; null (nothing changed) for any other token. */
    async unsubscribe(token: string): Promise<{ label: string } | null> {
      const target = tokens.read(token);
      if (!target) return null;
      const updated = await users.updateUser(target.userId, { [target.setting]: false });
      return updated ? { label: labelOf(target.setting) } : null;
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
