import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BRANDING_DEFAULTS,
  customDomainNotInPlan,
  DOMAIN_MESSAGES,
  LOGO_ICON_SIZE,
  LOGO_SIZE,
  LOGOS_PATH,
  logoIconUrl,
  planAllowsCustomDomain,
  type BrandingDto,
} from '@shared/branding.contract';
import { brandPalette } from '@shared/color';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import type { UserRow } from '../../db/schema/users';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import type { ObjectStore } from '../../storage/object-store';
import type { BrandingRepository } from './branding.repository';
import { processLogo } from './logo-image';

export interface BrandingInput {
  gymName: string;
  description: string;
  primaryColor: string;
  secondaryColor: string;
  removeLogo: boolean;
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
    customDomain: user.customDomain,
    customDomainAllowed: planAllowsCustomDomain(user.plan),
  };
}

interface Deps {
  repo: BrandingRepository;
  store: ObjectStore;
  log?: { warn(obj: object, msg: string): void };
}

/** The rules of gym branding: name, description, colours, logo and custom domain. */
export function brandingService({ repo, store, log }: Deps) {
  async function deleteLogoFiles(url: string | null): Promise<void> {
    for (const key of keysOfLogoUrl(url)) {
      // A leftover file costs a few KB; a failed delete must not fail the owner's save.
      await store.delete(key).catch((err: unknown) => log?.warn({ err, key }, 'logo delete failed'));
    }
  }

  return {
    async update(user: UserRow, input: BrandingInput): Promise<UserRow> {
      const updated = await repo.update(user.id, {
        companyName: input.gymName,
        companyDescription: input.description === '' ? null : input.description,
        brandPrimaryColor: input.primaryColor,
        brandSecondaryColor: input.secondaryColor,
        ...(input.removeLogo ? { companyLogoUrl: null } : {}),
      });
      if (!updated) throw new NotFoundError('Account not found');
      if (input.removeLogo) await deleteLogoFiles(user.companyLogoUrl);
      return updated;
    },

    /**
     * Checks the image by its content, re-encodes it (logo and icon PNGs), stores both under a new
     * name, makes it the owner's logo and deletes the previous one.
     */
    async uploadLogo(user: UserRow, bytes: Buffer): Promise<UserRow> {
      const processed = await processLogo(bytes);
      const id = randomBytes(12).toString('hex');
      const logoKeyName = logoKey(user.id, `${id}-${LOGO_SIZE}.png`)!;
      const iconKeyName = logoKey(user.id, `${id}-${LOGO_ICON_SIZE}.png`)!;
      await store.put(logoKeyName, Readable.from(processed.logo), { contentType: 'image/png' });
      await store.put(iconKeyName, Readable.from(processed.icon), { contentType: 'image/png' });
      const url = `${LOGOS_PATH}/${user.id}/${id}-${LOGO_SIZE}.png`;
      const updated = await repo.update(user.id, { companyLogoUrl: url });
      if (!updated) {
        await deleteLogoFiles(url);
        throw new NotFoundError('Account not found');
      }
      if (user.companyLogoUrl !== url) await deleteLogoFiles(user.companyLogoUrl);
      return updated;
    },

    /**
     * Sets (or with null removes) the owner's custom domain: only on plans that include one, never
     * the app's own host or a name under it, never another gym's domain.
     */
    async setDomain(user: UserRow, domain: string | null, appHost: string): Promise<UserRow> {
      if (domain !== null) {
        if (!planAllowsCustomDomain(user.plan)) throw new ForbiddenError(customDomainNotInPlan(user.plan));
        const own = appHost.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
        if (domain === own || domain.endsWith(`.${own}`)) throw new ValidationError(DOMAIN_MESSAGES.ownHost);
        if (await repo.isDomainHeldByAnother(user.id, domain)) throw new ConflictError(DOMAIN_MESSAGES.taken);
      }
      try {
        const updated = await repo.setCustomDomain(user.id, domain);
        if (!updated) throw new NotFoundError('Account not found');
        return updated;
      } catch (error) {
        if (isUniqueViolation(error, 'users_custom_domain_key')) throw new ConflictError(DOMAIN_MESSAGES.taken);
        throw error;
      }
    },
  };
}

export type BrandingService = ReturnType<typeof brandingService>;
