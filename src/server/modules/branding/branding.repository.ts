import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/users';

export interface BrandingPatch {
  companyName?: string;
  companyDescription?: string | null;
  brandPrimaryColor?: string;
  brandSecondaryColor?: string;
  companyLogoUrl?: string | null;
  heroImageUrl?: string | null;
  displayFont?: string | null;
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

    /** A new domain (or none): a fresh token, unverified since `addedAt`. */
    async setCustomDomain(
      ownerId: string,
      domain: { name: string; token: string; addedAt: Date } | null,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          customDomain: domain?.name ?? null,
          customDomainToken: domain?.token ?? null,
          customDomainAddedAt: domain?.addedAt ?? null,
          customDomainVerifiedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, ownerId))
        .returning();
      return row;
    },

    /**
     * Marks the domain verified, only if the owner still has this domain with this token and it is
     * not verified yet (a domain changed during the DNS lookup is not verified by it).
     */
    async markVerified(
      ownerId: string,
      domain: string,
      token: string,
      at: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ customDomainVerifiedAt: at, updatedAt: new Date() })
        .where(
          and(
            eq(users.id, ownerId),
            eq(users.customDomain, domain),
            eq(users.customDomainToken, token),
            isNull(users.customDomainVerifiedAt),
          ),
        )
        .returning();
      return row;
    },

    /** True when another owner has verified this domain (compared as the unique index does: lowercased). */
    async isDomainVerifiedByAnother(ownerId: string, domain: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.customDomain}) = ${domain.toLowerCase()}`,
            isNotNull(users.customDomainVerifiedAt),
            ne(users.id, ownerId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}

export type BrandingRepository = ReturnType<typeof brandingRepository>;
