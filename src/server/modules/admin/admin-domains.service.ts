import {
  ADMIN_DOMAIN_MESSAGES,
  ADMIN_DOMAINS_MAX,
  type AdminDomainDto,
  type AdminDomainsResponse,
} from '@shared/admin.contract';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { UserRow } from '../../db/schema/users';
import { NotFoundError } from '../../lib/errors';
import type { AdminDomainsRepository, DomainRow } from './admin-domains.repository';

export function toAdminDomainDto(row: DomainRow): AdminDomainDto {
  return {
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    addedAt: row.addedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    owner: row.owner,
    location: row.location,
  };
}

interface Deps {
  repo: AdminDomainsRepository;
  /** Where a revoke is recorded (the app's log): who revoked which gym's domain. */
  log: { info(obj: object, msg: string): void };
  /** Told after a change a gym's public answer is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
}

/** The admin desk's view of custom domains: list them, revoke one. */
export function adminDomainsService({ repo, log, publicGyms }: Deps) {
  return {
    async list(): Promise<AdminDomainsResponse> {
      const { rows, total } = await repo.list(ADMIN_DOMAINS_MAX);
      return { domains: rows.map(toAdminDomainDto), total };
    },

    /**
     * Clears the domain of the gym, or of the further location, the admin saw (it stops serving at
     * once), if it still is that domain.
     */
    async revoke(
      admin: UserRow,
      {
        ownerId,
        domain,
        locationId,
      }: { ownerId: string; domain: string; locationId: string | null },
    ): Promise<AdminDomainDto> {
      const row = await repo.revoke(ownerId, domain, locationId);
      if (!row) throw new NotFoundError(ADMIN_DOMAIN_MESSAGES.notConnected);
      await publicGyms.invalidate(ownerId);
      log.info(
        {
          audit: 'custom_domain_revoked',
          adminId: admin.id,
          adminEmail: admin.email,
          ownerId,
          locationId,
          domain: row.domain,
          wasVerified: Boolean(row.verifiedAt),
        },
        'custom domain revoked by an admin',
      );
      return toAdminDomainDto(row);
    },
  };
}
