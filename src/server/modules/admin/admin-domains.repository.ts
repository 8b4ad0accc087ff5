import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

export interface DomainRow {
  domain: string;
  addedAt: Date | null;
  verifiedAt: Date | null;
  owner: { id: string; email: string; companyName: string | null; companySlug: string | null };
}

const columns = {
  domain: sql<string>`${users.customDomain}`,
  addedAt: users.customDomainAddedAt,
  verifiedAt: users.customDomainVerifiedAt,
  owner: {
    id: users.id,
    email: users.email,
    companyName: users.companyName,
    companySlug: users.companySlug,
  },
};

/** Every gym's custom domain, for the admin desk, and the revoke. */
export function adminDomainsRepository(db: Db) {
  return {
    /** The newest `limit` domains (by when they were saved) and how many there are in all. */
    async list(limit: number): Promise<{ rows: DomainRow[]; total: number }> {
      const rows = await db
        .select(columns)
        .from(users)
        .where(isNotNull(users.customDomain))
        .orderBy(sql`${users.customDomainAddedAt} desc nulls last`, desc(users.id))
        .limit(limit);
      const [total] = await db
        .select({ n: count() })
        .from(users)
        .where(isNotNull(users.customDomain));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Clears the owner's domain if it still is `domain`; answers what was cleared, or undefined. */
    async revoke(ownerId: string, domain: string): Promise<DomainRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(columns)
          .from(users)
          .where(and(eq(users.id, ownerId), sql`lower(${users.customDomain}) = ${domain}`))
          .for('update');
        if (!row) return undefined;
        await tx
          .update(users)
          .set({
            customDomain: null,
            customDomainToken: null,
            customDomainAddedAt: null,
            customDomainVerifiedAt: null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, ownerId));
        return row;
      });
    },
  };
}

export type AdminDomainsRepository = ReturnType<typeof adminDomainsRepository>;
