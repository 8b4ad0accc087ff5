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
import type { SessionRevoker } from '../account/account.service';
import type { AuthService } from '../auth/auth.service';
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
  mail: MailOutbox;
  now?: () => number;
}

/**
 * Forgotten passwords: a link by email (a random token, only its hash kept, one hour, one use,
 * void once the password changes by any route), and the new password set with it.
 */
export function passwordResetService({ repo, users, sessions, mail, now = Date.now }: Deps) {
  const emailsPerAddress = attemptLimiter({ ...RESET_EMAILS_PER_ADDRESS, now });

  return {
    /**
     * Emails a reset link to the address when it has an account, at most a few per hour; nothing
     * otherwise. The caller answers the same either way. `origin` is where the link points.
     */
    async requestReset(email: string, origin: string): Promise<void> {
      const user = await users.findUserByEmail(email);
      if (!user || !emailsPerAddress.take(user.id)) return;
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
      await mail.enqueue({
        template: 'password-reset',
        to: user.email,
        link: `${origin}${RESET_PASSWORD_PATH}?token=${token}`,
      });
    },

    /**
     * Sets the new password with a reset link: the link is used up, every session of the user is
     * signed out, every other link is void, and a notice goes to the account's address. A link that
     * is unknown, used, expired or issued before the password last changed changes nothing.
     */
    async resetPassword({ token, password }: ResetPasswordBody): Promise<void> {
      const row = await repo.take(sha256(token));
      const user = row && row.expiresAt.getTime() > now() ? await users.findUser(row.userId) : null;
      if (!row || !user || sha256(user.password) !== row.passwordFingerprint) {
        throw new ValidationError(INVALID_RESET_LINK);
      }
      await users.updateUser(user.id, { password: await hashPassword(password) });
      await repo.deleteForUser(user.id);
      await sessions.endAllFor(user.id);
      await mail.enqueue({ template: 'password-changed', to: user.email });
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
