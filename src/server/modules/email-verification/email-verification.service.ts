import { createHash, randomBytes } from 'node:crypto';
import {
  ALREADY_VERIFIED,
  EMAIL_IN_USE,
  EMAIL_LINK_HOURS,
  EMAIL_VERIFIED,
  emailChanged,
  INVALID_EMAIL_LINK,
  linkSent,
  NO_LINK_FROM_HERE,
  PASSWORD_FOR_EMAIL_CHANGE,
  TOO_MANY_EMAIL_CHANGES,
  TOO_MANY_EMAIL_LINKS,
  VERIFY_EMAIL_PATH,
} from '@shared/email-verification.contract';
import { WRONG_CURRENT_PASSWORD } from '@shared/account.contract';
import type { UserRow } from '../../db/schema/users';
import { attemptLimiter } from '../../lib/attempt-limiter';
import { ConflictError, HttpError, isUniqueViolation, ValidationError } from '../../lib/errors';
import type { MailOutbox } from '../../mail/mail-queue';
import type { SessionRevoker } from '../../plugins/session';
import type { AuthService } from '../auth/auth.service';
import { verifyPassword } from '../auth/passwords';
import type { EmailConfirmationsRepository } from './email-confirmations.repository';

const HOUR_MS = 60 * 60 * 1000;
/** Links one account gets sent at most per hour (sign-up, resends and changes together). */
export const EMAIL_LINKS_PER_ACCOUNT = { max: 5, windowMs: HOUR_MS };
/** Email changes (each checks the current password) one account may try per 15 minutes. */
export const EMAIL_CHANGE_TRIES = { max: 10, windowMs: 15 * 60 * 1000 };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

interface Deps {
  repo: EmailConfirmationsRepository;
  users: Pick<AuthService, 'findUser' | 'findUserByEmail' | 'updateUser'>;
  mail: MailOutbox;
  sessions: SessionRevoker;
  now?: () => number;
}

/**
 * Verified addresses (product.md §14): a link proves an address, either the account's own
 * (verification) or the one it asked to change to (the change applies then). A link is a random
 * token kept only as a hash, works once, for EMAIL_LINK_HOURS, and only while its address is still
 * the account's (or still the pending one).
 */
export function emailVerificationService({ repo, users, mail, sessions, now = Date.now }: Deps) {
  const linksPerAccount = attemptLimiter({ ...EMAIL_LINKS_PER_ACCOUNT, now });
  const changeTries = attemptLimiter({ ...EMAIL_CHANGE_TRIES, now });

  /** Counts one link against the account's hourly allowance; 429 once it is used up. */
  function takeAllowance(userId: string): void {
    if (!linksPerAccount.take(userId)) {
      throw new HttpError(429, TOO_MANY_EMAIL_LINKS);
    }
  }

  /** A fresh link proving `email` for the user (its hash stored), as the URL to mail. */
  async function newLink(userId: string, email: string, origin: string): Promise<string> {
    const at = now();
    await repo.deleteExpired(new Date(at));
    const token = randomBytes(32).toString('base64url');
    await repo.insert({
      tokenHash: sha256(token),
      userId,
      email,
      createdAt: new Date(at),
      expiresAt: new Date(at + EMAIL_LINK_HOURS * HOUR_MS),
    });
    return `${origin}${VERIFY_EMAIL_PATH}?token=${token}`;
  }

  async function sendChangeLink(user: UserRow, newEmail: string, origin: string): Promise<void> {
    const link = await newLink(user.id, newEmail, origin);
    await mail.enqueue({ template: 'email-change-confirm', to: newEmail, link });
  }

  /** A verification link to the account's address (nothing for an address already proven). */
  async function sendVerification(user: UserRow, origin: string): Promise<void> {
    if (user.emailVerifiedAt) return;
    takeAllowance(user.id);
    const link = await newLink(user.id, user.email, origin);
    await mail.enqueue({ template: 'verify-email', to: user.email, link });
  }

  /**
   * Drops a pending change and deletes its links (a verification link for the account's own
   * address stays). Also after any password change or reset: a change asked for under the old
   * password must not outlive it.
   */
  async function cancelChange(user: UserRow): Promise<UserRow> {
    await repo.deleteChangeLinks(user.id, user.email);
    return (await users.updateUser(user.id, { pendingEmail: null })) ?? user;
  }

  return {
    /** A new account's verification email. */
    sendVerification,
    cancelChange,

    /**
     * 'Resend': the link for what waits, the new address of a pending change first, else the
     * account's unverified address. 429 past the account's hourly allowance.
     */
    async resend(user: UserRow, origin: string | null): Promise<string> {
      if (!origin) throw new ValidationError(NO_LINK_FROM_HERE);
      if (user.pendingEmail) {
        takeAllowance(user.id);
        await sendChangeLink(user, user.pendingEmail, origin);
        return linkSent(user.pendingEmail);
      }
      if (user.emailVerifiedAt) throw new ConflictError(ALREADY_VERIFIED);
      await sendVerification(user, origin);
      return linkSent(user.email);
    },

    /**
     * Asks to change the account's address (the current password required, 10 tries per 15
     * minutes): it becomes pending, a link goes to it and a notice to the current one. The same
     * address as now cancels a pending change instead; the pending one again changes nothing
     * ('Resend' sends its link again). An address another account uses is refused now (and again
     * when the link is opened). `origin`: where links point (null: the request reached a host that
     * is not the app's, no link can be built).
     */
    async requestChange(
      user: UserRow,
      { email: newEmail, currentPassword }: { email: string; currentPassword?: string },
      origin: string | null,
    ): Promise<UserRow> {
      if (same(newEmail, user.email)) {
        return user.pendingEmail ? cancelChange(user) : user;
      }
      if (same(newEmail, user.pendingEmail)) return user;
      if (!origin) throw new ValidationError(NO_LINK_FROM_HERE);
      if (!currentPassword) {
        throw new ValidationError(PASSWORD_FOR_EMAIL_CHANGE, {
          errors: [{ field: 'currentPassword', message: PASSWORD_FOR_EMAIL_CHANGE }],
        });
      }
      if (!changeTries.take(user.id)) throw new HttpError(429, TOO_MANY_EMAIL_CHANGES);
      if (!(await verifyPassword(user.password, currentPassword))) {
        throw new ValidationError(WRONG_CURRENT_PASSWORD, {
          errors: [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
        });
      }
      const other = await users.findUserByEmail(newEmail);
      if (other && other.id !== user.id) {
        throw new ConflictError(EMAIL_IN_USE);
      }
      takeAllowance(user.id);
      const updated = await users.updateUser(user.id, { pendingEmail: newEmail });
      await sendChangeLink(user, newEmail, origin);
      await mail.enqueue({ template: 'email-change-notice', to: user.email, newEmail });
      return updated ?? user;
    },

    /**
     * Opens a link: the account's address is verified, or the pending address becomes the
     * account's (verified) and every session of the user but the opener's (`openerSid`, when the
     * link is opened signed in) is signed out. Unknown, used, expired, cancelled or outdated links:
     * one 400. An address another account took meanwhile: 409, and nothing changes.
     */
    async confirm(token: string, openerSid?: string): Promise<string> {
      const row = await repo.take(sha256(token));
      const user =
        row && row.expiresAt.getTime() > now() ? await users.findUser(row.userId) : undefined;
      if (!row || !user) throw new ValidationError(INVALID_EMAIL_LINK);
      const at = new Date(now());
      if (same(row.email, user.email)) {
        if (!user.emailVerifiedAt) await users.updateUser(user.id, { emailVerifiedAt: at });
        return EMAIL_VERIFIED;
      }
      if (!same(row.email, user.pendingEmail)) throw new ValidationError(INVALID_EMAIL_LINK);
      try {
        await users.updateUser(user.id, {
          email: row.email,
          emailVerifiedAt: at,
          pendingEmail: null,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_key'))
          throw new ConflictError(EMAIL_IN_USE);
        throw error;
      }
      // Links to the old address (or older pending ones) prove nothing about the account now.
      await repo.deleteForUser(user.id);
      await sessions.endAllFor(user.id, openerSid);
      return emailChanged(row.email);
    },
  };
}

export type EmailVerificationService = ReturnType<typeof emailVerificationService>;
