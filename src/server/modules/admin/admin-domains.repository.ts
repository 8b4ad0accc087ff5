import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gymLocations } from '../../db/schema/locations';
import { users } from '../../db/schema/users';

export interface DomainRow {
  domain: string;
  addedAt: Date | null;
  verifiedAt: Date | null;
  owner: { id: string; email: string; companyName: string | null; companySlug: string | null };
  /** The further location the domain serves, or null for the gym's own page. */
  location: { id: string; name: string; slug: string } | null;
}

const owner = {
  id: users.id,
  email: users.email,
  companyName: users.companyName,
  companySlug: users.companySlug,
};

const gymColumns = {
  domain: sql<string>`${users.customDomain}`,
  addedAt: users.customDomainAddedAt,
  verifiedAt: users.customDomainVerifiedAt,
  owner,
};

const locationColumns = {
  domain: sql<string>`${gymLocations.customDomain}`,
  addedAt: gymLocations.customDomainAddedAt,
  verifiedAt: gymLocations.customDomainVerifiedAt,
  owner,
  location: { id: gymLocations.id, name: gymLocations.name, slug: gymLocations.slug },
};

const cleared = () => ({
  customDomain: null,
  customDomainToken: null,
  customDomainAddedAt: null,
  customDomainVerifiedAt: null,
  updatedAt: new Date(),
});

const newestFirst = (a: DomainRow, b: DomainRow) =>
  (b.addedAt?.getTime() ?? -Infinity) - (a.addedAt?.getTime() ?? -Infinity);

/** Every custom domain, the gyms' and their further locations', for the admin desk; and the revoke. */
export function adminDomainsRepository(db: Db) {
  return {
    /** The newest `limit` domains (by when they were saved) and how many there are in all. */
    async list(limit: number): Promise<{ rows: DomainRow[]; total: number }> {
      const [gymRows, locationRows, [gymTotal], [locationTotal]] = await Promise.all([
        db
          .select(gymColumns)
          .from(users)
          .where(isNotNull(users.customDomain))
          .orderBy(sql`${users.customDomainAddedAt} desc nulls last`, desc(users.id))
          .limit(limit),
        db
          .select(locationColumns)
          .from(gymLocations)
          .innerJoin(users, eq(users.id, gymLocations.ownerId))
          .where(isNotNull(gymLocations.customDomain))
          .orderBy(sql`${gymLocations.customDomainAddedAt} desc nulls last`, desc(gymLocations.id))
          .limit(limit),
        db.select({ n: count() }).from(users).where(isNotNull(users.customDomain)),
        db.select({ n: count() }).from(gymLocations).where(isNotNull(gymLocations.customDomain)),
      ]);
      const rows = [...gymRows.map((row) => ({ ...row, location: null })), ...locationRows]
        .sort(newestFirst)
        .slice(0, limit);
      return { rows, total: Number(gymTotal?.n ?? 0) + Number(locationTotal?.n ?? 0) };
    },

    /**
     * Clears the domain of the owner's gym (`locationId` null) or of that further location of theirs,
     * if it still is `domain`; answers what was cleared, or undefined. Exactly the row the admin saw:
     * an owner may hold the same name pending on one page and verified on another.
     */
    async revoke(
      ownerId: string,
      domain: string,
      locationId: string | null,
    ): Promise<DomainRow | undefined> {
      return db.transaction(async (tx) => {
        if (!locationId) {
          const [gym] = await tx
            .select(gymColumns)
            .from(users)
            .where(and(eq(users.id, ownerId), sql`lower(${users.customDomain}) = ${domain}`))
            .for('update');
          if (!gym) return undefined;
          await tx.update(users).set(cleared()).where(eq(users.id, ownerId));
          return { ...gym, location: null };
        }
        const [location] = await tx
          .select(locationColumns)
          .from(gymLocations)
          .innerJoin(users, eq(users.id, gymLocations.ownerId))
          .where(
            and(
              eq(gymLocations.id, locationId),
              eq(gymLocations.ownerId, ownerId),
              sql`lower(${gymLocations.customDomain}) = ${domain}`,
            ),
          )
          .for('update', { of: gymLocations });
        if (!location) return undefined;
        await tx
          .update(gymLocations)
          .set(cleared())
          .where(eq(gymLocations.id, location.location.id));
        return location;
      });
    },
  };
}

export type AdminDomainsRepository = ReturnType<typeof adminDomainsRepository>;
