import { createHash } from 'node:crypto';
import { brandingOnPlan, heroImageSources } from '@shared/branding.contract';
import { brandPalette } from '@shared/color';
import {
  classDurationSeconds,
  formatClassDuration,
  type PublicGymResponse,
  type PublicGymVideo,
  type PublicProgram,
} from '@shared/gyms.contract';
import { planIncludes } from '@shared/plan-features';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import type { GymLocationRow } from '../../db/schema/locations';
import type { UserRow } from '../../db/schema/users';
import { bareHost, isAppHost } from '../../lib/app-hosts';
import { hlsVersionOf, mediaUrls, offlineFileOf } from '../../media/media-paths';
import type { ObjectStore } from '../../storage/object-store';
import { locationOnline, type LocationsService } from '../locations/locations.service';
import type { SlugService } from '../slug/slug.service';
import type { GymVideoRow, GymsRepository } from './gyms.repository';
import type { Built, PublicGymCache } from './public-gym-cache';
import { DEFAULT_DIFFICULTY } from '@shared/class-details';
import { rideTrackUrl } from '@shared/ride-track.contract';
import { programCoverSources } from '@shared/programs.contract';

/**
 * THE rule for which classes riders see: enhanced videos only. When the media pipeline packages
 * videos for streaming, set REQUIRE_STREAM to true so only videos with an HLS ladder are listed.
 */
export const REQUIRE_STREAM = false;

export function isReadyForRiders(video: Pick<GymVideoRow, 'processingStatus' | 'hlsUrl'>): boolean {
  if (video.processingStatus !== 'enhanced') return false;
  return REQUIRE_STREAM ? Boolean(video.hlsUrl) : true;
}

/**
 * What the class player plays, all through the public media routes: the HLS ladder the pipeline
 * packaged, the enhanced MP4 (its URL versioned by the stored file, so a new file is a new URL) and
 * the poster (the pipeline's large still, else the thumbnail).
 */
function playerMedia(
  row: GymVideoRow,
  thumbnailUrl: string | null,
): Pick<PublicGymVideo, 'durationSeconds' | 'hlsUrl' | 'mp4Url' | 'posterUrl'> {
  const version = row.enhancedKey
    ? createHash('sha256').update(row.enhancedKey).digest('base64url').slice(0, 12)
    : null;
  return {
    durationSeconds: classDurationSeconds(row.duration),
    hlsUrl: hlsVersionOf(row.hlsUrl) ? row.hlsUrl : null,
    mp4Url: version ? mediaUrls.enhanced(row.id, version) : null,
    posterUrl:
      row.thumbnailUrl === mediaUrls.thumbnail(row.id) ? mediaUrls.poster(row.id) : thumbnailUrl,
  };
}

/** Signed media links stay the same for an hour, then live one more: cacheable, never stale. */
const LINK_BUCKET_SECONDS = 60 * 60;

/** A gym's public answer: the response, its ETag and its JSON (serialized once, when built). */
export interface PublicGym {
  gym: PublicGymResponse;
  etag: string;
  json: string;
}

export type GymLookup = ({ kind: 'gym' } & PublicGym) | { kind: 'redirect'; to: string };

interface Deps {
  repo: GymsRepository;
  /** An Elite Studio account's further locations, each with its own page (issue #18 part 5). */
  locations: Pick<LocationsService, 'findBySlug' | 'videoIdsAt'>;
  /** Slugs belong to the slug module: the owner behind a slug (or an old one of theirs). */
  slugs: Pick<SlugService, 'findOwner'>;
  store: ObjectStore;
  now: () => number;
  /** The app's own host names (config): never served as a custom domain, whatever the database says. */
  appHosts: readonly string[];
  /** Where answers are kept between changes (decision 0028). */
  cache: Pick<PublicGymCache, 'get'>;
}

/** The public gym page's data: branding and ready classes, nothing private. */
/** What a slug can look like (onboarding's rules, 50 characters at most): anything else is no gym. */
const SLUG_SHAPE = /^[a-z0-9-]{1,50}$/;
/** A host name as normalizeDomain stores one: letters, digits, dots and hyphens, 253 at most. */
const HOST_NAME = /^[a-z0-9.-]{1,253}$/;

export function gymsService({ repo, locations, slugs, store, now, appHosts, cache }: Deps) {
  /**
   * A thumbnail for the public: a stored object gets a signed link (valid until the end of the
   * next hour bucket, so the same link is handed out for an hour); a data: image or an absolute
   * https or same-origin URL passes as it is; anything else is dropped.
   */
  async function publicMediaUrl(address: string | null): Promise<string | null> {
    if (!address) return null;
    const key = store.keyFromAddress(address);
    if (key) {
      const nowSeconds = Math.floor(now() / 1000);
      const bucketEnd = (Math.floor(nowSeconds / LINK_BUCKET_SECONDS) + 2) * LINK_BUCKET_SECONDS;
      return store.signedGetUrl(key, { expiresInSeconds: bucketEnd - nowSeconds });
    }
    if (/^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i.test(address)) return address;
    if (/^https:\/\//i.test(address) || /^\/(?!\/)/.test(address)) return address;
    return null;
  }

  const linkBucket = () => Math.floor(now() / 1000 / LINK_BUCKET_SECONDS);

  /** The page of the owner's first location (their gym), or of a further `location` of theirs. */
  async function toPublicGym(owner: UserRow, location?: GymLocationRow): Promise<PublicGym> {
    const offered = location ? await locations.videoIdsAt(location.id) : null;
    const rows = (await repo.listVideos(owner.id)).filter(
      (row) => isReadyForRiders(row) && (offered ? offered.has(row.id) : row.offeredAtMain),
    );
    // Programs are the owner's, shown on each of their pages with the classes that page lists (in
    // the program's order); a program with none of them is left out.
    const listed = new Set(rows.map((row) => row.id));
    const programs: PublicProgram[] = (await repo.listPrograms(owner.id))
      .map((program) => ({
        id: program.id,
        title: program.title,
        description: program.description,
        classesPerWeek: program.classesPerWeek,
        cover: programCoverSources(owner.id, program.coverId),
        classIds: program.classIds.filter((id) => listed.has(id)),
      }))
      .filter((program) => program.classIds.length > 0);
    // The owner's plan as it is now: what it lacks is not shown (and stays saved).
    const shown = brandingOnPlan({
      plan: owner.plan,
      primaryColor: location?.primaryColor ?? owner.brandPrimaryColor,
      secondaryColor: location?.secondaryColor ?? owner.brandSecondaryColor,
      description: owner.companyDescription,
      logoUrl: location?.logoUrl ?? owner.companyLogoUrl,
      heroImage: heroImageSources(owner.heroImageUrl),
      displayFont: owner.displayFont,
    });
    const palette = brandPalette(shown.primaryColor, shown.secondaryColor);
    const base = {
      slug: location?.slug ?? owner.companySlug ?? '',
      gymName: location?.name ?? (owner.companyName || DEFAULT_COMPANY_NAME),
      gymLogo: shown.logoUrl,
      gymLogoIcon: shown.logoIconUrl,
      branding: {
        primaryColor: palette.primary,
        secondaryColor: palette.secondary,
        description: shown.description,
        primaryTextColor: palette.onPrimary,
        secondaryTextColor: palette.onSecondary,
        accentColor: palette.accentOnSecondary,
        poweredByCadence: shown.poweredByCadence,
        heroImage: shown.heroImage,
        displayFont: shown.displayFont,
      },
    };
    // The tag covers what the answer is made of (stored addresses, not the signed links, which
    // stay valid for at least an hour after any answer), and the link bucket.
    const bucket = linkBucket();
    const etag = `"${createHash('sha256')
      .update(
        JSON.stringify([
          base,
          rows.map((r) => [
            r.id,
            r.title,
            r.duration,
            r.thumbnailUrl,
            r.hlsUrl,
            r.offlineBytes,
            r.enhancedKey,
            r.updatedAt.getTime(),
            r.instructorName,
            r.instructorPhotoUrl,
            r.rideTrackUpdatedAt?.getTime(),
          ]),
          programs,
          bucket,
        ]),
      )
      .digest('base64url')
      .slice(0, 27)}"`;
    const videos: PublicGymVideo[] = await Promise.all(
      rows.map(async (row) => {
        const thumbnailUrl = await publicMediaUrl(row.thumbnailUrl);
        return {
          id: row.id,
          title: row.title,
          duration: formatClassDuration(row.duration),
          thumbnailUrl,
          ...playerMedia(row, thumbnailUrl),
          instructor:
            row.instructorId && row.instructorName
              ? { id: row.instructorId, name: row.instructorName, photoUrl: row.instructorPhotoUrl }
              : null,
          difficulty: row.difficulty ?? DEFAULT_DIFFICULTY,
          classType: row.classType,
          equipmentNotes: row.equipmentNotes,
          rideTrackUrl: row.rideTrackUpdatedAt
            ? `${rideTrackUrl(row.id)}?v=${row.rideTrackUpdatedAt.getTime().toString(36)}`
            : null,
          offline: offlineFileOf(row),
        };
      }),
    );
    const gym = { ...base, videos, programs };
    return { gym, etag, json: JSON.stringify(gym) };
  }

  /** The host as a custom domain could be stored, or null when it cannot be one (no query then). */
  function candidateDomain(host: string): string | null {
    const name = bareHost(host);
    // Stored domains are normalized host names: anything else (a NUL byte, spaces) cannot match.
    if (!name.includes('.') || !HOST_NAME.test(name) || isAppHost(name, appHosts)) return null;
    return name;
  }

  /**
   * The page served on a verified domain: the gym's own, or a further location's (while the plan
   * includes further locations). A plan without custom domains serves neither.
   */
  async function pageOfDomain(
    name: string,
  ): Promise<{ owner: UserRow; location?: GymLocationRow } | null> {
    const owner = await repo.findByVerifiedDomain(name);
    const found = owner
      ? { owner }
      : await repo
          .findLocationByVerifiedDomain(name)
          .then((row) => (row && locationOnline(row.owner) ? row : null));
    if (!found?.owner.companySlug || !planIncludes(found.owner.plan, 'customDomain')) return null;
    return found;
  }

  /**
   * A further location's page, or for its old slug a redirect to its current one: live while the
   * owner's plan includes it (else offline: none).
   */
  async function locationBySlug(slug: string): Promise<Built<GymLookup | null>> {
    const found = await locations.findBySlug(slug);
    if (!found?.owner.companySlug)
      return { ownerId: found?.owner.id ?? null, gym: false, value: null };
    // Remembered under the owner, so a plan change brings the page back (or takes it offline).
    if (!locationOnline(found.owner)) return { ownerId: found.owner.id, gym: false, value: null };
    if (found.redirected) {
      const value = { kind: 'redirect' as const, to: found.location.slug };
      return { ownerId: found.owner.id, gym: false, value };
    }
    const value = { kind: 'gym' as const, ...(await toPublicGym(found.owner, found.location)) };
    return { ownerId: found.owner.id, gym: true, value };
  }

  return {
    /** The domain as connected (its stored spelling) when this host serves a gym's or location's page. */
    async connectedDomain(host: string): Promise<string | null> {
      const name = candidateDomain(host);
      const found = name ? await pageOfDomain(name) : null;
      if (!found) return null;
      return (found.location ?? found.owner).customDomain ?? name;
    },

    /** By slug: the gym, a redirect to its current slug for an old one, or null for none. */
    async bySlug(slug: string): Promise<GymLookup | null> {
      if (!SLUG_SHAPE.test(slug)) return null;
      return cache.get<GymLookup | null>(`slug:${slug}`, linkBucket(), async () => {
        const found = await slugs.findOwner(slug);
        const owner = found?.user;
        if (!found) return locationBySlug(slug);
        if (!owner?.companySlug) return { ownerId: null, gym: false, value: null };
        if (found.redirected || owner.companySlug !== slug) {
          const value = { kind: 'redirect' as const, to: owner.companySlug };
          return { ownerId: owner.id, gym: false, value };
        }
        const value = { kind: 'gym' as const, ...(await toPublicGym(owner)) };
        return { ownerId: owner.id, gym: true, value };
      });
    },

    /**
     * By custom domain: the page of the gym or location whose verified domain this host is (while
     * the plan includes it), never one of the app's own hosts or a name under them; else null.
     */
    async byHost(host: string): Promise<PublicGym | null> {
      const name = candidateDomain(host);
      if (!name) return null;
      return cache.get<PublicGym | null>(`host:${name}`, linkBucket(), async () => {
        const found = await pageOfDomain(name);
        if (!found) return { ownerId: null, gym: false, value: null };
        const value = await toPublicGym(found.owner, found.location);
        return { ownerId: found.owner.id, gym: true, value };
      });
    },
  };
}

export type GymsService = ReturnType<typeof gymsService>;
