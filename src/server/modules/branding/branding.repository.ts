import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';

export interface BrandingPatch {
  companyName?: string;
  companyDescription?: string | null;
  brandPrimaryColor?: string;
  brandSecondaryColor?: string;
  companyLogoUrl?: string | null;
}

/** The owner's branding: columns of the users row, read and written by owner id. */
export function brandingRepository(db: Db) {
  return {
    async update(ownerId: string, patch: BrandingPatch): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, ownerId))
        .returning();
      return row;
    },

    async setCustomDomain(ownerId: string, domain: string | null): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ customDomain: domain, updatedAt: new Date() })
        .where(eq(users.id, ownerId))
        .returning();
      return row;
    },

    /** True when another owner has this domain (compared as the unique index does: lowercased). */
    async isDomainHeldByAnother(ownerId: string, domain: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.customDomain}) = ${domain.toLowerCase()}`, ne(users.id, ownerId)))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type BrandingRepository = ReturnType<typeof brandingRepository>;
