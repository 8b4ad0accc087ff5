import { createHash, randomBytes } from 'node:crypto';
import {
  INVALID_RESET_LINK,
  RESET_LINK_HOURS,
  RESET_PASSWORD_PATH,
  type ResetPasswordBody,
} from '@shared/password-reset.contract';
import { ValidationError } from '../../lib/errors';
import { attemptLimiter } from '../../lib/attempt-limiter';
import type { MailOutbox } from '../../mail/mail-queue';
import type { SessionRevoker } from '../../plugins/session';
import type { AuthService } from '../auth/auth.service';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import { hashPassword } from '../auth/passwords';
import type { PasswordResetsRepository } from './password-resets.repository';

const HOUR_MS = 60 * 60 * 1000;
/** Reset emails one address gets at most per hour, however many requests name it. */
export const RESET_EMAILS_PER_ADDRESS = { max: 3, windowMs: HOUR_MS };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface Deps {
  repo: PasswordResetsRepository;
  users: Pick<AuthService, 'findUser' | 'findUserByEmail' | 'updateUser'>;
  sessions: SessionRevoker;
  emailVerification: Pick<EmailVerificationService, 'cancelChange'>;
  mail: MailOutbox;
  now?: () => number;
}

/**
 * Forgotten passwords: a link by email (a random token, only its hash kept, one hour, one use,
 * void once the password changes by any route), and the new password set with it.
 */
export function passwordResetService({
  repo,
  users,
  sessions,
  emailVerification,
  mail,
  now = Date.now,
}: Deps) {
  const emailsPerAddress = attemptLimiter({ ...RESET_EMAILS_PER_ADDRESS, now });

  return {
    /**
     * Queues the request, and nothing else: the request does the same work whether or not the
     * address has an account (no timing side channel). The mail worker decides (`prepareReset`).
     * `origin` is where the link points.
     */
    async requestReset(email: string, origin: string): Promise<void> {
      await mail.request({ kind: 'password-reset', email, origin });
    },

    /**
     * In the mail worker: a reset link for the address when it has an account and has had fewer
     * than a few this hour (the token stored as a hash), the email that carries it; else nothing.
     */
    async prepareReset({ email, origin }: { email: string; origin: string }) {
      const user = await users.findUserByEmail(email);
      if (!user || !emailsPerAddress.take(user.id)) return null;
      const at = now();
      await repo.deleteExpired(new Date(at));
      const token = randomBytes(32).toString('base64url');
      await repo.insert({
        tokenHash: sha256(token),
        userId: user.id,
        passwordFingerprint: sha256(user.password),
        createdAt: new Date(at),
        expiresAt: new Date(at + RESET_LINK_HOURS * HOUR_MS),
      });
      return {
        template: 'password-reset' as const,
        to: user.email,
        link: `${origin}${RESET_PASSWORD_PATH}?token=${token}`,
      };
    },

    /**
     * Sets the new password with a reset link: the link is used up, every session of the user is
     * signed out, every other link is void, a pending email change is dropped (whoever asked for it
     * knew the old password), and a notice goes to the account's address. The link reached that
     * address, so the address counts as verified from then on: whoever signed up with another
     * person's address loses the account to them by the ordinary Forgot password. A link that
     * is unknown, used, expired or issued before the password last changed changes nothing.
     */
    async resetPassword({ token, password }: ResetPasswordBody): Promise<void> {
      const row = await repo.take(sha256(token));
      const user = row && row.expiresAt.getTime() > now() ? await users.findUser(row.userId) : null;
      if (!row || !user || sha256(user.password) !== row.passwordFingerprint) {
        throw new ValidationError(INVALID_RESET_LINK);
      }
      await users.updateUser(user.id, {
        password: await hashPassword(password),
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(now()),
      });
      await repo.deleteForUser(user.id);
      await sessions.endAllFor(user.id);
      await emailVerification.cancelChange(user);
      await mail.enqueue({ template: 'password-changed', to: user.email });
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
