import type { LoginBody, RegisterBody } from '@shared/auth.contract';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, UnauthorizedError, isUniqueViolation } from '../../lib/errors';
import { hashPassword, verifyPassword } from './passwords';
import type { UsersRepository } from './users.repository';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';
export const BAD_CREDENTIALS = 'Invalid email or password';

/** The user columns other modules may change: every one but the id and the creation time. */
export type UserPatch = Parameters<UsersRepository['update']>[1];

export function authService(repo: UsersRepository) {
  return {
    /** The user behind a session; undefined when the account is gone. */
    findUser(userId: string): Promise<UserRow | undefined> {
      return repo.findById(userId);
    },

    /** The account with this sign-in email (any case); undefined when there is none. */
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return repo.findByEmail(email);
    },

    /** Changes the user's columns (`updatedAt` set too); undefined when there is no such user. */
    updateUser(userId: string, patch: UserPatch): Promise<UserRow | undefined> {
      return repo.update(userId, patch);
    },

    async register(input: RegisterBody): Promise<UserRow> {
      if (await repo.findByEmail(input.email)) throw new ConflictError(EMAIL_TAKEN);
      try {
        return await repo.insert({
          email: input.email,
          password: await hashPassword(input.password),
          firstName: input.firstName,
          lastName: input.lastName,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_key')) throw new ConflictError(EMAIL_TAKEN);
        throw error;
      }
    },

    async login(input: LoginBody): Promise<UserRow> {
      const user = await repo.findByEmail(input.email);
      const ok = await verifyPassword(user?.password, input.password);
      if (!user || !ok) throw new UnauthorizedError(BAD_CREDENTIALS);
      return user;
    },

    /**
     * Makes sure the configured admin account exists, is an admin, has onboarding done and has
     * the configured password. Safe to run on every start.
     */
    async ensureAdmin(email: string, password: string): Promise<UserRow> {
      const existing = await repo.findByEmail(email);
      const passwordHash = await hashPassword(password);
      if (existing) {
        return (await repo.update(existing.id, {
          password: passwordHash,
          isAdmin: 'true',
          onboardingCompleted: 'true',
          // The operator named this address: it counts as verified.
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        }))!;
      }
      return repo.insert({
        email,
        password: passwordHash,
        firstName: 'Cadence',
        lastName: 'Admin',
        companyName: 'Cadence Admin',
        isAdmin: 'true',
        onboardingCompleted: 'true',
        emailVerifiedAt: new Date(),
      });
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
