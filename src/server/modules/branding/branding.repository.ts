import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gymLocations, type GymLocationRow } from '../../db/schema/locations';
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

/**
 * Whose page a custom domain or a logo serves: the owner's gym (`locationId` null, the users row)
 * or one of their further locations (a gym_locations row, issue #18 part 5).
 */
export interface BrandTarget {
  ownerId: string;
  locationId: string | null;
}

/** A claimed domain: a fresh token, unverified since `addedAt`. */
export interface DomainClaim {
  name: string;
  token: string;
  addedAt: Date;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The advisory-lock space of custom domains (pg_advisory_xact_lock(space, key)). */
const DOMAIN_LOCK_SPACE = 1;

/** Compared as the unique indexes compare: lowercased. */
const sameDomain = (
  column: typeof users.customDomain | typeof gymLocations.customDomain,
  d: string,
) => sql`lower(${column}) = ${d.toLowerCase()}`;

/**
 * The owner of the gym or location, other than `target`, that verified this domain; null when none.
 * Gyms and locations are two tables: a verified domain is unique across both (checked here, under
 * the domain's lock in markVerified; each table's own unique index backs it).
 */
async function verifiedElsewhere(
  db: Db | Tx,
  target: BrandTarget,
  domain: string,
): Promise<string | null> {
  const gymWhere: SQL[] = [
    sameDomain(users.customDomain, domain),
    isNotNull(users.customDomainVerifiedAt),
  ];
  if (!target.locationId) gymWhere.push(ne(users.id, target.ownerId));
  const [gym] = await db
    .select({ ownerId: users.id })
    .from(users)
    .where(and(...gymWhere))
    .limit(1);
  if (gym) return gym.ownerId;
  const locationWhere: SQL[] = [
    sameDomain(gymLocations.customDomain, domain),
    isNotNull(gymLocations.customDomainVerifiedAt),
  ];
  if (target.locationId) locationWhere.push(ne(gymLocations.id, target.locationId));
  const [location] = await db
    .select({ ownerId: gymLocations.ownerId })
    .from(gymLocations)
    .where(and(...locationWhere))
    .limit(1);
  return location?.ownerId ?? null;
}

/** The owner's branding: columns of the users row, and a further location's logo and domain. */
export function brandingRepository(db: Db) {
  /** The target's row, only if it is still the owner's. */
  function targetRow(target: BrandTarget) {
    return target.locationId
      ? and(eq(gymLocations.id, target.locationId), eq(gymLocations.ownerId, target.ownerId))
      : undefined;
  }

  return {
    async update(ownerId: string, patch: BrandingPatch): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, ownerId))
        .returning();
      return row;
    },

    async owner(ownerId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, ownerId)).limit(1);
      return row;
    },

    /** A further location of this owner (undefined for anyone else's). */
    async location(ownerId: string, locationId: string): Promise<GymLocationRow | undefined> {
      const [row] = await db
        .select()
        .from(gymLocations)
        .where(targetRow({ ownerId, locationId }))
        .limit(1);
      return row;
    },

    /**
     * Sets the target's logo (a location's null: the gym's) and answers the one it replaced, read
     * under the row's lock, so two uploads at once each delete what they replaced; null when the
     * target is not the owner's.
     */
    async swapLogo(
      target: BrandTarget,
      logoUrl: string | null,
    ): Promise<{ previous: string | null } | null> {
      return db.transaction(async (tx) => {
        const updatedAt = new Date();
        if (target.locationId) {
          const [row] = await tx
            .select({ previous: gymLocations.logoUrl })
            .from(gymLocations)
            .where(targetRow(target))
            .for('update');
          if (!row) return null;
          await tx
            .update(gymLocations)
            .set({ logoUrl, updatedAt })
            .where(eq(gymLocations.id, target.locationId));
          return row;
        }
        const [row] = await tx
          .select({ previous: users.companyLogoUrl })
          .from(users)
          .where(eq(users.id, target.ownerId))
          .for('update');
        if (!row) return null;
        await tx
          .update(users)
          .set({ companyLogoUrl: logoUrl, updatedAt })
          .where(eq(users.id, target.ownerId));
        return row;
      });
    },

    /** A new domain (or none) for the target; false when the target is not the owner's. */
    async setCustomDomain(target: BrandTarget, claim: DomainClaim | null): Promise<boolean> {
      const values = {
        customDomain: claim?.name ?? null,
        customDomainToken: claim?.token ?? null,
        customDomainAddedAt: claim?.addedAt ?? null,
        customDomainVerifiedAt: null,
        updatedAt: new Date(),
      };
      const rows = target.locationId
        ? await db
            .update(gymLocations)
            .set(values)
            .where(targetRow(target))
            .returning({ id: gymLocations.id })
        : await db
            .update(users)
            .set(values)
            .where(eq(users.id, target.ownerId))
            .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * Marks the domain verified, only if the target still has this domain with this token, not yet
     * verified (a domain changed during the DNS lookup is not verified by it), and no other gym or
     * location verified it: checked under the domain's lock, so two verifications never both pass.
     */
    async markVerified(
      target: BrandTarget,
      domain: string,
      token: string,
      at: Date,
    ): Promise<{ status: 'verified' } | { status: 'changed' } | { status: 'taken'; by: string }> {
      return db.transaction(async (tx) => {
        // The two-key form: a lock space of its own, apart from the slug locks' one-key form.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${DOMAIN_LOCK_SPACE}, hashtext(${domain.toLowerCase()}))`,
        );
        const by = await verifiedElsewhere(tx, target, domain);
        if (by) return { status: 'taken', by } as const;
        const set = { customDomainVerifiedAt: at, updatedAt: new Date() };
        const rows = target.locationId
          ? await tx
              .update(gymLocations)
              .set(set)
              .where(
                and(
                  targetRow(target),
                  eq(gymLocations.customDomain, domain),
                  eq(gymLocations.customDomainToken, token),
                  isNull(gymLocations.customDomainVerifiedAt),
                ),
              )
              .returning({ id: gymLocations.id })
          : await tx
              .update(users)
              .set(set)
              .where(
                and(
                  eq(users.id, target.ownerId),
                  eq(users.customDomain, domain),
                  eq(users.customDomainToken, token),
                  isNull(users.customDomainVerifiedAt),
                ),
              )
              .returning({ id: users.id });
        return rows.length > 0
          ? ({ status: 'verified' } as const)
          : ({ status: 'changed' } as const);
      });
    },

    /** The owner of another gym or location that verified this domain, or null. */
    verifiedElsewhere(target: BrandTarget, domain: string): Promise<string | null> {
      return verifiedElsewhere(db, target, domain);
    },
  };
}

export type BrandingRepository = ReturnType<typeof brandingRepository>;
