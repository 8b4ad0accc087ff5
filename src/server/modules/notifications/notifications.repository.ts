import { and, eq, or } from 'drizzle-orm';
import type { NotificationKey } from '@shared/account.contract';
import type { Db } from '../../db/client';
import { notificationSends } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';

/** The scheduled emails: one per owner and period. */
export type ScheduledKind = 'activity-digest' | 'weekly-report';

const recipient = {
  id: users.id,
  email: users.email,
  timeZone: users.timeZone,
  notifyEmail: users.notifyEmail,
  notifyStudentActivity: users.notifyStudentActivity,
  notifyWeeklyReports: users.notifyWeeklyReports,
};
export type Recipient = {
  id: string;
  email: string;
  timeZone: string;
} & Record<NotificationKey, boolean>;

/** Who hears about what: the owners' addresses and switches, and what the schedule already sent. */
export function notificationsRepository(db: Db) {
  return {
    /** A video with its owner, for the video notices; undefined once deleted. */
    async videoWithOwner(videoId: string) {
      const [row] = await db
        .select({
          title: videos.title,
          notes: videos.processingNotes,
          studio: users.companyName,
          owner: recipient,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(eq(videos.id, videoId))
        .limit(1);
      return row;
    },

    /** Every admin account whose Email Notifications switch is on. */
    admins(): Promise<Recipient[]> {
      return db
        .select(recipient)
        .from(users)
        .where(and(eq(users.isAdmin, 'true'), eq(users.notifyEmail, true)));
    },

    /** Onboarded owners with a scheduled email switched on. */
    scheduled(): Promise<Recipient[]> {
      return db
        .select(recipient)
        .from(users)
        .where(
          and(
            eq(users.onboardingCompleted, 'true'),
            or(eq(users.notifyStudentActivity, true), eq(users.notifyWeeklyReports, true)),
          ),
        );
    },

    async wasSent(userId: string, kind: ScheduledKind, period: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: notificationSends.userId })
        .from(notificationSends)
        .where(
          and(
            eq(notificationSends.userId, userId),
            eq(notificationSends.kind, kind),
            eq(notificationSends.period, period),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Records the email as sent; false when it already was (another tick or process got there). */
    async claim(userId: string, kind: ScheduledKind, period: string): Promise<boolean> {
      const rows = await db
        .insert(notificationSends)
        .values({ userId, kind, period })
        .onConflictDoNothing()
        .returning({ userId: notificationSends.userId });
      return rows.length > 0;
    },

    /** Takes a claim back (its email could not be queued). */
    async release(userId: string, kind: ScheduledKind, period: string): Promise<void> {
      await db
        .delete(notificationSends)
        .where(
          and(
            eq(notificationSends.userId, userId),
            eq(notificationSends.kind, kind),
            eq(notificationSends.period, period),
          ),
        );
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
