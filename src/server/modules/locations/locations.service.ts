import { BRANDING_DEFAULTS } from '@shared/branding.contract';
import {
  LOCATION_MESSAGES,
  MAIN_LOCATION,
  type LocationDto,
  type LocationValues as CheckedLocation,
  type LocationsView,
} from '@shared/locations.contract';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import { locationLimit, planIncludes } from '@shared/plan-features';
import type { GymLocationRow } from '../../db/schema/locations';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { customDomainViewOf, type BrandingService } from '../branding/branding.service';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import { SLUG_RESERVED, SLUG_TAKEN } from '@shared/slug.contract';
import { RESERVED_SLUGS } from '@shared/onboarding.contract';
import type { LocationsRepository, LocationValues, LocationWrite } from './locations.repository';

interface Deps {
  repo: LocationsRepository;
  /** Told after every change a public page is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  /** A deleted location's logo files go with it. */
  branding: Pick<BrandingService, 'deleteLocationLogoFiles'>;
}

/** What the owner off Elite is told: the pages offline, and the classes no live page shows. */
function offlineNotice(locations: number, offers: { offeredAtMain: boolean }[]): string {
  const hidden = offers.filter((o) => !o.offeredAtMain).length;
  const notice = LOCATION_MESSAGES.offline(locations);
  return hidden > 0 ? `${notice} ${LOCATION_MESSAGES.offlineClasses(hidden)}` : notice;
}

/** A further location's page is live while the owner's plan includes Multi-location. */
export function locationOnline(owner: Pick<UserRow, 'plan'>): boolean {
  return planIncludes(owner.plan, 'multiLocation');
}

/**
 * Multi-location (issue #18 part 5): the rules. The account's own gym is the first location; an
 * Elite Studio owner adds further ones. Off Elite, further locations cannot be added or changed
 * and their pages are offline, but nothing is deleted: their classes, slugs and colours wait.
 */
export function locationsService({ repo, publicGyms, branding }: Deps) {
  async function view(owner: UserRow): Promise<LocationsView> {
    const [rows, offers] = await Promise.all([repo.list(owner.id), repo.offers(owner.id)]);
    const allowed = planIncludes(owner.plan, 'multiLocation');
    const first: LocationDto = {
      id: MAIN_LOCATION,
      name: owner.companyName || DEFAULT_COMPANY_NAME,
      slug: owner.companySlug ?? '',
      primaryColor: owner.brandPrimaryColor ?? BRANDING_DEFAULTS.primaryColor,
      secondaryColor: owner.brandSecondaryColor ?? BRANDING_DEFAULTS.secondaryColor,
      logoUrl: owner.companyLogoUrl,
      overrides: { primaryColor: null, secondaryColor: null, logoUrl: null },
      online: true,
      videoIds: offers.filter((o) => o.offeredAtMain).map((o) => o.id),
      ...customDomainViewOf(owner),
    };
    const further = rows.map((row): LocationDto => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      primaryColor: row.primaryColor ?? first.primaryColor,
      secondaryColor: row.secondaryColor ?? first.secondaryColor,
      logoUrl: row.logoUrl ?? first.logoUrl,
      overrides: {
        primaryColor: row.primaryColor,
        secondaryColor: row.secondaryColor,
        logoUrl: row.logoUrl,
      },
      online: allowed,
      videoIds: offers.filter((o) => o.at.includes(row.id)).map((o) => o.id),
      ...customDomainViewOf(row),
    }));
    return {
      locations: [first, ...further],
      limit: locationLimit(owner.plan),
      allowed,
      notice: !allowed && further.length > 0 ? offlineNotice(further.length, offers) : null,
    };
  }

  function requireElite(owner: UserRow): void {
    if (!planIncludes(owner.plan, 'multiLocation'))
      throw new ForbiddenError(LOCATION_MESSAGES.locked);
  }

  function values(body: CheckedLocation): LocationValues {
    if (RESERVED_SLUGS.has(body.slug)) throw new ConflictError(SLUG_RESERVED);
    return body;
  }

  function written(result: LocationWrite): GymLocationRow {
    if (result.status === 'taken') throw new ConflictError(SLUG_TAKEN);
    if (result.status === 'limit') throw new ConflictError(LOCATION_MESSAGES.limit);
    if (result.status === 'missing') throw new NotFoundError(LOCATION_MESSAGES.notFound);
    return result.location;
  }

  async function changed(owner: UserRow, message: string) {
    await publicGyms.invalidate(owner.id);
    return { message, locations: await view(owner) };
  }

  return {
    view,

    /** A location by its slug or an old one (`redirected`), with its owner: the gyms module decides if it is live. */
    findBySlug: repo.findBySlug,
    /** The classes a further location offers. */
    videoIdsAt: repo.videoIdsAt,

    async create(owner: UserRow, body: CheckedLocation) {
      requireElite(owner);
      written(await repo.create(owner.id, values(body), locationLimit(owner.plan)));
      return changed(owner, LOCATION_MESSAGES.created);
    },

    async update(owner: UserRow, id: string, body: CheckedLocation) {
      requireElite(owner);
      written(await repo.update(owner.id, id, values(body)));
      return changed(owner, LOCATION_MESSAGES.saved);
    },

    /** Allowed on any plan: an owner who left Elite may tidy up the locations waiting offline. */
    async remove(owner: UserRow, id: string) {
      const removed = await repo.remove(owner.id, id);
      if (!removed) throw new NotFoundError(LOCATION_MESSAGES.notFound);
      const answer = await changed(owner, LOCATION_MESSAGES.deleted);
      await branding.deleteLocationLogoFiles(removed.logoUrl);
      return answer;
    },

    async setClasses(owner: UserRow, id: string, videoIds: string[]) {
      if (id !== MAIN_LOCATION) {
        requireElite(owner);
        if (!(await repo.find(owner.id, id))) throw new NotFoundError(LOCATION_MESSAGES.notFound);
      }
      const result = await repo.setClasses(owner.id, id, videoIds);
      if (result.status === 'unknown') throw new ValidationError(LOCATION_MESSAGES.unknownClass);
      if (result.status === 'nowhere')
        throw new ConflictError(LOCATION_MESSAGES.lastLocation(result.titles));
      return changed(owner, LOCATION_MESSAGES.classesSaved);
    },
  };
}

export type LocationsService = ReturnType<typeof locationsService>;
