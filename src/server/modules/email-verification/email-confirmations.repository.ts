import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailConfirmations, type EmailConfirmationRow } from '../../db/schema/email-confirmations';

export function emailConfirmationsRepository(db: Db) {
  return {
    async insert(row: EmailConfirmationRow): Promise<void> {
      await db.insert(emailConfirmations).values(row);
    },

    /** Takes a link's row out (at most one caller gets it): a link works once. */
    async take(tokenHash: string): Promise<EmailConfirmationRow | undefined> {
      const [row] = await db
        .delete(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, tokenHash))
        .returning();
      return row;
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
    },

    /** Deletes the user's email-change links: those for any address but the account's own. */
    async deleteChangeLinks(userId: string, accountEmail: string): Promise<void> {
      await db
        .delete(emailConfirmations)
        .where(
          and(
            eq(emailConfirmations.userId, userId),
            ne(sql`lower(${emailConfirmations.email})`, accountEmail.toLowerCase()),
          ),
        );
    },

    async deleteExpired(at: Date): Promise<void> {
      await db.delete(emailConfirmations).where(lte(emailConfirmations.expiresAt, at));
    },
  };
}

export type EmailConfirmationsRepository = ReturnType<typeof emailConfirmationsRepository>;
