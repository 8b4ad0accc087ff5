import {
  WRONG_CURRENT_PASSWORD,
  type AccountExport,
  type ChangePasswordBody,
  type NotificationsBody,
  type ProfileBody,
} from '@shared/account.contract';
import { UNKNOWN_TIME_ZONE } from '@shared/analytics.contract';
import type { UserRow } from '../../db/schema/users';
import type { SessionRevoker } from '../../plugins/session';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { toPublicUser } from '../auth/public-user';
import type { AuthService, UserPatch } from '../auth/auth.service';
import type { AnalyticsService } from '../analytics/analytics.service';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import type { PlansService } from '../plans/plans.service';
import type { AccountRepository } from './account.repository';

interface Deps {
  users: Pick<AuthService, 'updateUser'>;
  account: AccountRepository;
  plans: Pick<PlansService, 'listChanges'>;
  sessions: SessionRevoker;
  /** The database's time zone names (a zone it does not know would fail the reports' queries). */
  timeZones: Pick<AnalyticsService, 'knownTimeZone'>;
  emailVerification: Pick<EmailVerificationService, 'requestChange' | 'cancelChange'>;
  now?: () => number;
  /** Told after a change a gym's public answer is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
}

export function accountService({
  users,
  account,
  plans,
  sessions,
  timeZones,
  emailVerification,
  now = Date.now,
  publicGyms,
}: Deps) {
  async function update(userId: string, patch: UserPatch) {
    const updated = await users.updateUser(userId, patch);
    if (!updated) throw new NotFoundError('Account not found');
    // The company name is the gym's public name.
    await publicGyms.invalidate(userId);
    return updated;
  }

  return {
    /**
     * Saves the company name and phone. A different email does not apply here: it waits for the
     * link sent to it (`origin`: where that link points). A refused email saves nothing.
     */
    async updateProfile(
      user: UserRow,
      input: ProfileBody,
      origin: string | null,
    ): Promise<UserRow> {
      await emailVerification.requestChange(user, input, origin);
      return update(user.id, {
        companyName: input.companyName,
        phone: input.phone ? input.phone : null,
      });
    },

    async updateNotifications(user: UserRow, input: NotificationsBody): Promise<UserRow> {
      if (input.timeZone !== undefined && !(await timeZones.knownTimeZone(input.timeZone))) {
        throw new ValidationError(UNKNOWN_TIME_ZONE);
      }
      return update(user.id, input);
    },

    /**
     * Checks the current password, stores the new one, signs out every other session of the user
     * (the one making the change stays) and drops a pending email change (its link was asked for
     * under the old password).
     */
    async changePassword(
      user: UserRow,
      currentSid: string,
      input: ChangePasswordBody,
    ): Promise<void> {
      if (!(await verifyPassword(user.password, input.currentPassword))) {
        throw new ValidationError(WRONG_CURRENT_PASSWORD, {
          errors: [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
        });
      }
      await update(user.id, { password: await hashPassword(input.newPassword) });
      await sessions.endAllFor(user.id, currentSid);
      await emailVerification.cancelChange(user);
    },

    /** Everything held about the account: the user without the password hash, plan changes, videos. */
    async exportData(user: UserRow): Promise<AccountExport> {
      const [changes, videos] = await Promise.all([
        plans.listChanges(user.id),
        account.listVideoMetadata(user.id),
      ]);
      return {
        format: 'cadence-account-export',
        version: 1,
        exportedAt: new Date(now()).toISOString(),
        account: toPublicUser(user),
        planChanges: changes.map((c) => ({
          fromPlan: c.fromPlan,
          toPlan: c.toPlan,
          provider: c.provider,
          createdAt: c.createdAt.toISOString(),
        })),
        videos: videos.map((v) => ({
          ...v,
          uploadedAt: v.uploadedAt.toISOString(),
          enhancedAt: v.enhancedAt ? v.enhancedAt.toISOString() : null,
        })),
      };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
