import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BRANDING_DEFAULTS,
  BRANDING_LOCKS,
  DOMAIN_MESSAGES,
  domainTxtRecord,
  heroImageSources,
  HEROES_PATH,
  LOGO_ICON_SIZE,
  LOGO_SIZE,
  LOGOS_PATH,
  logoIconUrl,
  type BrandingDto,
  type CustomDomainView,
} from '@shared/branding.contract';
import { LOCATION_MESSAGES } from '@shared/locations.contract';
import { brandPalette } from '@shared/color';
import { displayFontOf, type DisplayFontId } from '@shared/display-fonts';
import { planIncludes, type Feature } from '@shared/plan-features';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { UserRow } from '../../db/schema/users';
import { isAppHost } from '../../lib/app-hosts';
import { attemptLimiter } from '../../lib/attempt-limiter';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  isUniqueViolation,
  NotFoundError,
  ValidationError,
} from '../../lib/errors';
import type { ObjectStore } from '../../storage/object-store';
import type { BrandingRepository, BrandTarget } from './branding.repository';
import { processHero } from './hero-image';
import { processLogo } from './logo-image';
import type { TxtResolver } from './txt-resolver';

export interface BrandingInput {
  gymName: string;
  description: string;
  primaryColor: string;
  secondaryColor: string;
  removeLogo: boolean;
  /** Left out: unchanged; null: the page's own font. */
  displayFont?: DisplayFontId | null;
  removeHeroImage?: boolean;
}

/** A stored logo's file name: a random id, then the size. */
const LOGO_FILE = /^([a-z0-9]{16,40})-(\d+)\.png$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The object-store key of a logo file, or null when the names are not ones Cadence hands out. */
export function logoKey(ownerId: string, file: string): string | null {
  const match = LOGO_FILE.exec(file);
  if (!UUID.test(ownerId) || !match) return null;
  const size = Number(match[2]);
  if (size !== LOGO_SIZE && size !== LOGO_ICON_SIZE) return null;
  return `logos/${ownerId}/${file}`;
}

/** The keys behind a logo URL Cadence stored (both sizes), or [] for any other URL. */
function keysOfLogoUrl(url: string | null): string[] {
  if (!url?.startsWith(`${LOGOS_PATH}/`)) return [];
  const [ownerId, file] = url.slice(LOGOS_PATH.length + 1).split('/');
  const match = file ? LOGO_FILE.exec(file) : null;
  if (!ownerId || !match) return [];
  return [LOGO_SIZE, LOGO_ICON_SIZE]
    .map((size) => logoKey(ownerId, `${match[1]}-${size}.png`))
    .filter((k): k is string => k !== null);
}

/** A stored hero's file name: a random id, then the width. */
const HERO_FILE = /^[a-z0-9]{16,40}-\d{3,4}\.webp$/;

/** The object-store key of a hero file, or null when the names are not ones Cadence hands out. */
export function heroKey(ownerId: string, file: string): string | null {
  if (!UUID.test(ownerId) || !HERO_FILE.test(file)) return null;
  return `heroes/${ownerId}/${file}`;
}

/** The keys behind a hero URL Cadence stored (every width), or [] for any other URL. */
function keysOfHeroUrl(url: string | null): string[] {
  const sources = heroImageSources(url);
  if (!sources) return [];
  return sources.srcSet.split(', ').flatMap((entry) => {
    const [ownerId, file] = entry
      .split(' ')[0]!
      .slice(HEROES_PATH.length + 1)
      .split('/');
    const key = ownerId && file ? heroKey(ownerId, file) : null;
    return key ? [key] : [];
  });
}

/** The key of the full-size PNG behind the gym's logo URL, or null (no logo, or not Cadence's). */
export function gymLogoKey(user: Pick<UserRow, 'companyLogoUrl'>): string | null {
  return keysOfLogoUrl(user.companyLogoUrl)[0] ?? null;
}

/** The columns a gym (users) and a further location (gym_locations) keep a custom domain in. */
export type DomainColumns = Pick<
  UserRow,
  'customDomain' | 'customDomainToken' | 'customDomainVerifiedAt'
>;

/** A custom domain's state as the API shows it, the gym's or a location's. */
export function customDomainViewOf(row: DomainColumns): CustomDomainView {
  const domain = row.customDomain;
  return {
    customDomain: domain,
    customDomainStatus: domain ? (row.customDomainVerifiedAt ? 'verified' : 'pending') : null,
    customDomainVerifiedAt: domain ? (row.customDomainVerifiedAt?.toISOString() ?? null) : null,
    customDomainRecord:
      domain && row.customDomainToken && !row.customDomainVerifiedAt
        ? domainTxtRecord(domain, row.customDomainToken)
        : null,
  };
}

/** The owner's branding as the API shows it: defaults where nothing is stored. */
export function toBrandingDto(user: UserRow): BrandingDto {
  return {
    gymName: user.companyName || DEFAULT_COMPANY_NAME,
    description: user.companyDescription || BRANDING_DEFAULTS.description,
    primaryColor: user.brandPrimaryColor,
    secondaryColor: user.brandSecondaryColor,
    logoUrl: user.companyLogoUrl,
    logoIconUrl: logoIconUrl(user.companyLogoUrl),
    contrast: brandPalette(user.brandPrimaryColor, user.brandSecondaryColor),
    heroImage: heroImageSources(user.heroImageUrl),
    displayFont: displayFontOf(user.displayFont)?.id ?? null,
    customDomainAllowed: planIncludes(user.plan, 'customDomain'),
    ...customDomainViewOf(user),
  };
}

/** A 403 with the lock's words when the owner's plan lacks the feature. */
function requireFeature(user: Pick<UserRow, 'plan'>, feature: Feature, words: string): void {
  if (!planIncludes(user.plan, feature)) throw new ForbiddenError(words);
}

/** The description as the page would show it: an empty one is the default. */
const descriptionShown = (text: string | null) => text || BRANDING_DEFAULTS.description;

/**
 * Refuses a change the owner's plan lacks (issue #18 part 3). A value equal to the saved one is no
 * change, so a form that sends back what it was given saves on any plan, and what a higher plan
 * saved is kept untouched.
 */
function checkPlanAllows(user: UserRow, input: BrandingInput): void {
  if (
    input.primaryColor !== user.brandPrimaryColor ||
    input.secondaryColor !== user.brandSecondaryColor
  )
    requireFeature(user, 'customBranding', BRANDING_LOCKS.colors);
  if (descriptionShown(input.description) !== descriptionShown(user.companyDescription))
    requireFeature(user, 'fullBranding', BRANDING_LOCKS.description);
  if (
    input.displayFont !== undefined &&
    input.displayFont !== (displayFontOf(user.displayFont)?.id ?? null)
  )
    requireFeature(user, 'fullCustomization', BRANDING_LOCKS.displayFont);
}

/** A further location's domain needs further locations and custom domains (both Elite today). */
function requireLocationDomain(user: Pick<UserRow, 'plan'>): void {
  requireFeature(user, 'multiLocation', LOCATION_MESSAGES.locked);
  requireFeature(user, 'customDomain', BRANDING_LOCKS.customDomain);
}

/** Verification attempts per account: each one is a DNS lookup. */
export const VERIFY_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 };
/** The whole TXT lookup, whatever the resolver does. */
export const VERIFY_LOOKUP_TIMEOUT_MS = 8000;
/** Only this many TXT records, of at most this many characters, are read. */
const MAX_TXT_RECORDS = 50;
const MAX_TXT_LENGTH = 1024;

/** The resolver's answer, or a rejection with code ETIMEOUT once `ms` have passed. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('TXT lookup timed out'), { code: 'ETIMEOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The records' texts (each record's strings joined), bounded in number and length; junk dropped. */
function txtTexts(records: unknown): string[] {
  if (!Array.isArray(records)) return [];
  return records
    .slice(0, MAX_TXT_RECORDS)
    .map((chunks: unknown) =>
      Array.isArray(chunks) && chunks.length <= 64 && chunks.every((c) => typeof c === 'string')
        ? chunks.join('')
        : '',
    )
    .filter((text) => text !== '' && text.length <= MAX_TXT_LENGTH);
}

interface Deps {
  repo: BrandingRepository;
  store: ObjectStore;
  /** The app's own host names (config): never a custom domain. */
  appHosts: readonly string[];
  /** Looks a domain's TXT record up (node:dns in production, a fake in tests). */
  resolveTxt: TxtResolver;
  now: () => number;
  /** Default VERIFY_LOOKUP_TIMEOUT_MS. */
  lookupTimeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
  /** Told after a change a gym's public answer is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
}

/** The rules of gym branding: name, description, colours, logo and custom domain. */
export function brandingService({
  repo,
  store,
  appHosts,
  resolveTxt,
  now,
  lookupTimeoutMs = VERIFY_LOOKUP_TIMEOUT_MS,
  log,
  publicGyms,
}: Deps) {
  const verifyAttempts = attemptLimiter({ ...VERIFY_LIMIT, now });

  /** The TXT records at `name`; a missing record is an empty list, any other failure a 400. */
  async function lookUp(name: string): Promise<string[]> {
    try {
      return txtTexts(await withTimeout(resolveTxt(name), lookupTimeoutMs));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      log?.warn({ err: error, name }, 'TXT lookup failed');
      throw new ValidationError(DOMAIN_MESSAGES.lookupFailed(name));
    }
  }

  async function deleteFiles(keys: string[]): Promise<void> {
    for (const key of keys) {
      // A leftover file costs a few KB; a failed delete must not fail the owner's save.
      await store
        .delete(key)
        .catch((err: unknown) => log?.warn({ err, key }, 'branding file delete failed'));
    }
  }
  const deleteLogoFiles = (url: string | null) => deleteFiles(keysOfLogoUrl(url));
  const deleteHeroFiles = (url: string | null) => deleteFiles(keysOfHeroUrl(url));

  /** Checks the image by its content, re-encodes it (logo and icon PNGs), stores both: the URL. */
  async function storeLogo(ownerId: string, image: Buffer): Promise<string> {
    const processed = await processLogo(image);
    const id = randomBytes(12).toString('hex');
    const logoKeyName = logoKey(ownerId, `${id}-${LOGO_SIZE}.png`)!;
    const iconKeyName = logoKey(ownerId, `${id}-${LOGO_ICON_SIZE}.png`)!;
    await store.put(logoKeyName, Readable.from(processed.logo), { contentType: 'image/png' });
    await store.put(iconKeyName, Readable.from(processed.icon), { contentType: 'image/png' });
    return `${LOGOS_PATH}/${ownerId}/${id}-${LOGO_SIZE}.png`;
  }

  async function reread(user: UserRow): Promise<UserRow> {
    const row = await repo.owner(user.id);
    if (!row) throw new NotFoundError('Account not found');
    return row;
  }

  /** A further location of the owner's; another owner's (or none) is not found. */
  async function ownLocation(user: UserRow, locationId: string) {
    const location = await repo.location(user.id, locationId);
    if (!location) throw new NotFoundError(LOCATION_MESSAGES.notFound);
    return location;
  }

  /** A domain held by another gym or location: the owner's own, or someone else's. */
  function taken(user: UserRow, by: string): ConflictError {
    return new ConflictError(by === user.id ? DOMAIN_MESSAGES.takenByOwn : DOMAIN_MESSAGES.taken);
  }

  /** Claims `domain` (or with null gives the current one up) for the target, as setDomain says. */
  async function claimDomain(
    user: UserRow,
    target: BrandTarget,
    current: DomainColumns,
    domain: string | null,
  ): Promise<void> {
    if (domain !== null) {
      if (isAppHost(domain, appHosts)) throw new ValidationError(DOMAIN_MESSAGES.ownHost);
      if (domain === current.customDomain?.toLowerCase() && current.customDomainToken) return;
      const by = await repo.verifiedElsewhere(target, domain);
      if (by) throw taken(user, by);
    }
    const claim = domain
      ? { name: domain, token: randomBytes(16).toString('hex'), addedAt: new Date(now()) }
      : null;
    if (!(await repo.setCustomDomain(target, claim)))
      throw new NotFoundError(target.locationId ? LOCATION_MESSAGES.notFound : 'Account not found');
    await publicGyms.invalidate(user.id);
  }

  /** Verifies the target's pending domain by its TXT record; false when it already was verified. */
  async function verify(user: UserRow, target: BrandTarget, current: DomainColumns) {
    const domain = current.customDomain;
    const token = current.customDomainToken;
    if (!domain || !token) throw new ValidationError(DOMAIN_MESSAGES.noDomain);
    if (current.customDomainVerifiedAt) return false;
    // A row saved before the app's hosts were configured: never verified.
    if (isAppHost(domain, appHosts)) throw new ValidationError(DOMAIN_MESSAGES.ownHost);
    const holder = await repo.verifiedElsewhere(target, domain);
    if (holder) throw taken(user, holder);
    if (!verifyAttempts.take(user.id)) throw new HttpError(429, DOMAIN_MESSAGES.tooManyVerifies);

    const record = domainTxtRecord(domain, token);
    const texts = await lookUp(record.name);
    if (texts.length === 0) throw new ValidationError(DOMAIN_MESSAGES.recordMissing(record.name));
    if (!texts.some((text) => text.trim() === record.value)) {
      throw new ValidationError(DOMAIN_MESSAGES.recordWrong(record.name));
    }
    let result: Awaited<ReturnType<BrandingRepository['markVerified']>>;
    try {
      result = await repo.markVerified(target, domain, token, new Date(now()));
    } catch (error) {
      if (
        isUniqueViolation(error, 'users_verified_custom_domain_key') ||
        isUniqueViolation(error, 'gym_locations_verified_custom_domain_key')
      )
        throw new ConflictError(DOMAIN_MESSAGES.taken);
      throw error;
    }
    if (result.status === 'taken') throw taken(user, result.by);
    // The domain changed (or was revoked) during the lookup: nothing to verify any more.
    if (result.status === 'changed') throw new ConflictError(DOMAIN_MESSAGES.changedMeanwhile);
    await publicGyms.invalidate(user.id);
    return true;
  }

  return {
    /**
     * Saves name, description, colours and display font, refusing with a 403 (the lock's words) a
     * change the plan lacks; removing the logo or the hero image is allowed on any plan.
     */
    async update(user: UserRow, input: BrandingInput): Promise<UserRow> {
      checkPlanAllows(user, input);
      // The logo is removed as an upload replaces it: what it was is read under the row's lock.
      const removed = input.removeLogo
        ? await repo.swapLogo({ ownerId: user.id, locationId: null }, null)
        : null;
      const updated = await repo.update(user.id, {
        companyName: input.gymName,
        companyDescription: input.description === '' ? null : input.description,
        brandPrimaryColor: input.primaryColor,
        brandSecondaryColor: input.secondaryColor,
        ...(input.displayFont !== undefined ? { displayFont: input.displayFont } : {}),
        ...(input.removeHeroImage ? { heroImageUrl: null } : {}),
      });
      if (!updated) throw new NotFoundError('Account not found');
      await publicGyms.invalidate(user.id);
      if (removed) await deleteLogoFiles(removed.previous);
      if (input.removeHeroImage) await deleteHeroFiles(user.heroImageUrl);
      return updated;
    },

    /**
     * From Custom branding (Power Cycle): checks the image by its content, re-encodes it (logo and
     * icon PNGs), stores both under a new name, makes it the owner's logo and deletes the previous
     * one. `read` is called only once the plan allows it (a refused upload is not read).
     */
    async uploadLogo(user: UserRow, read: () => Promise<Buffer>): Promise<UserRow> {
      requireFeature(user, 'customBranding', BRANDING_LOCKS.logo);
      const url = await storeLogo(user.id, await read());
      const swapped = await repo.swapLogo({ ownerId: user.id, locationId: null }, url);
      if (!swapped) {
        await deleteLogoFiles(url);
        throw new NotFoundError('Account not found');
      }
      await publicGyms.invalidate(user.id);
      await deleteLogoFiles(swapped.previous);
      return reread(user);
    },

    /**
     * A further location's own logo (Elite Studio), processed and stored as the gym's is, under the
     * owner. `read` is called only once the plan allows it and the location is the owner's.
     */
    async uploadLocationLogo(
      user: UserRow,
      locationId: string,
      read: () => Promise<Buffer>,
    ): Promise<void> {
      requireFeature(user, 'multiLocation', LOCATION_MESSAGES.locked);
      await ownLocation(user, locationId);
      const url = await storeLogo(user.id, await read());
      const swapped = await repo.swapLogo({ ownerId: user.id, locationId }, url);
      if (!swapped) {
        await deleteLogoFiles(url);
        throw new NotFoundError(LOCATION_MESSAGES.notFound);
      }
      await publicGyms.invalidate(user.id);
      await deleteLogoFiles(swapped.previous);
    },

    /** Back to the gym's logo: allowed on any plan (nothing is needed to remove one). */
    async removeLocationLogo(user: UserRow, locationId: string): Promise<void> {
      const swapped = await repo.swapLogo({ ownerId: user.id, locationId }, null);
      if (!swapped) throw new NotFoundError(LOCATION_MESSAGES.notFound);
      if (!swapped.previous) return;
      await publicGyms.invalidate(user.id);
      await deleteLogoFiles(swapped.previous);
    },

    /** The files of a deleted location's logo (the locations module deletes the row). */
    deleteLocationLogoFiles: deleteLogoFiles,

    /**
     * Full customization (Elite Studio): checks the picture by its content, re-encodes it as WebP
     * at each stored width under a new name, makes it the page's hero and deletes the previous one.
     * `read` is called only once the plan allows it.
     */
    async uploadHero(user: UserRow, read: () => Promise<Buffer>): Promise<UserRow> {
      requireFeature(user, 'fullCustomization', BRANDING_LOCKS.heroImage);
      const processed = await processHero(await read());
      const id = randomBytes(12).toString('hex');
      const keys: string[] = [];
      try {
        for (const file of processed.files) {
          const key = heroKey(user.id, `${id}-${file.width}.webp`)!;
          await store.put(key, Readable.from(file.data), { contentType: 'image/webp' });
          keys.push(key);
        }
      } catch (error) {
        await deleteFiles(keys);
        throw error;
      }
      const largest = processed.files[processed.files.length - 1]!.width;
      const url = `${HEROES_PATH}/${user.id}/${id}-${largest}.webp`;
      const updated = await repo.update(user.id, { heroImageUrl: url });
      if (!updated) {
        await deleteFiles(keys);
        throw new NotFoundError('Account not found');
      }
      await publicGyms.invalidate(user.id);
      if (user.heroImageUrl !== url) await deleteHeroFiles(user.heroImageUrl);
      return updated;
    },

    /**
     * Sets (or with null removes) the owner's custom domain: only on plans that include one, never
     * one of the app's own hosts or a name under them, never a domain another gym or location has
     * verified. A new domain gets a fresh token and waits for verification; saving the same domain
     * again changes nothing. An unverified claim reserves nothing: whoever verifies first gets it.
     */
    async setDomain(user: UserRow, domain: string | null): Promise<UserRow> {
      if (domain !== null) requireFeature(user, 'customDomain', BRANDING_LOCKS.customDomain);
      await claimDomain(user, { ownerId: user.id, locationId: null }, user, domain);
      return reread(user);
    },

    /**
     * Verifies the owner's pending domain: its `_cadence-challenge` TXT record must hold the owner's
     * token. A lookup per attempt, VERIFY_LIMIT per account. Answers the owner, verified.
     */
    async verifyDomain(user: UserRow): Promise<UserRow> {
      requireFeature(user, 'customDomain', BRANDING_LOCKS.customDomain);
      if (await verify(user, { ownerId: user.id, locationId: null }, user)) return reread(user);
      return user;
    },

    /** A further location's own custom domain (Elite Studio), by the same rules as the gym's. */
    async setLocationDomain(user: UserRow, locationId: string, domain: string | null) {
      if (domain !== null) requireLocationDomain(user);
      const location = await ownLocation(user, locationId);
      await claimDomain(user, { ownerId: user.id, locationId }, location, domain);
    },

    async verifyLocationDomain(user: UserRow, locationId: string): Promise<void> {
      requireLocationDomain(user);
      const location = await ownLocation(user, locationId);
      await verify(user, { ownerId: user.id, locationId }, location);
    },
  };
}

export type BrandingService = ReturnType<typeof brandingService>;
