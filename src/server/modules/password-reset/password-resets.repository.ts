import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, type PasswordResetRow } from '../../db/schema/password-resets';

export function passwordResetsRepository(db: Db) {
  return {
    async insert(row: PasswordResetRow): Promise<void> {
      await db.insert(passwordResets).values(row);
    },

    /** Takes a link's row out (at most one caller gets it): a link works once. */
    async take(tokenHash: string): Promise<PasswordResetRow | undefined> {
      const [row] = await db
        .delete(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash))
        .returning();
      return row;
    },

    /** Every other link of the user (the password they were issued against is gone). */
    async deleteForUser(userId: string): Promise<void> {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },

    async deleteExpired(at: Date): Promise<void> {
      await db.delete(passwordResets).where(lte(passwordResets.expiresAt, at));
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
