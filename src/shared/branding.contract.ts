import { z } from 'zod';
import { publicUser } from './auth.contract';
import { HEX_COLOR_PATTERN, type BrandPalette } from './color';
import { endpoint } from './endpoint';
import { withSchemas, type Same } from './endpoint-schemas';
import { DISPLAY_FONT_IDS, displayFontOf } from './display-fonts';
import { COMPANY_DESCRIPTION_MAX } from './onboarding.contract';
import { lockedMessage, planIncludes } from './plan-features';

export const BRANDING_PATH = '/api/auth/branding';
export const BRANDING_DOMAIN_PATH = '/api/auth/branding/domain';
/** POST: looks the domain's TXT record up and, when it holds the owner's token, verifies the domain. */
export const BRANDING_DOMAIN_VERIFY_PATH = '/api/auth/branding/domain/verify';
/** product.md §7: multipart, field `logo`; answers `logoUrl` and becomes users.companyLogoUrl. */
export const UPLOAD_LOGO_PATH = '/api/auth/upload-logo';
export const LOGO_FIELD = 'logo';
/** Where stored logos are served from (public: the public page shows them). */
export const LOGOS_PATH = '/api/logos';

/** Full customization (Elite Studio): multipart, field `hero`; the public page's header picture. */
export const UPLOAD_HERO_PATH = '/api/auth/upload-hero';
export const HERO_FIELD = 'hero';
/** Where stored hero images are served from (public: the public page shows them). */
export const HEROES_PATH = '/api/heroes';
/** A hero photo may be larger than a logo: 10 MB. */
export const HERO_MAX_BYTES = 10 * 1024 * 1024;
/** The widths a hero is stored at (WebP), never wider than the upload: the page's srcset. */
export const HERO_WIDTHS = [640, 1280, 1920] as const;
const HERO_MAX_WIDTH = 1920;
/** Narrower than this and the header would show it blurred: refused. */
export const HERO_MIN_WIDTH = HERO_WIDTHS[0];
/** A taller picture is cropped around its centre to this height per width (4:3). */
export const HERO_MAX_ASPECT = 0.75;
/** What the file picker offers (photos; no SVG). */
export const HERO_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** The logo's size limit (5 MB) is LOGO_MAX_BYTES in videos.contract. The largest side of the stored logo, and of the icon (favicon) made from it. */
export const LOGO_SIZE = 512;
export const LOGO_ICON_SIZE = 64;

/** product.md §3 Branding draft defaults (the logo default is the product's own mark: no custom logo). */
export const BRANDING_DEFAULTS = {
  description: 'Premium fitness experience with state-of-the-art equipment and expert trainers.',
  primaryColor: '#ff4500',
  secondaryColor: '#1a1a1a',
} as const;

/** product.md §2 colour presets. */
export const COLOR_PRESETS = [
  { name: 'Orange', value: '#ff4500' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Purple', value: '#a855f7' },
  { name: 'Red', value: '#ef4444' },
  { name: 'Teal', value: '#14b8a6' },
] as const;

export const GYM_NAME_MIN = 2;
export const GYM_NAME_MAX = 100;

/** The product's words (§5, §8) for the logo, and Cadence's own where docs/product.md has none. */
export const LOGO_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: 'Please select an image file.',
  tooLargeTitle: 'File too large',
  tooLargeDescription: 'Please select an image smaller than 5MB.',
  uploadFailedTitle: 'Upload failed',
  uploadFailedDescription: 'Failed to upload logo. Please try again.',
  successTitle: 'Success!',
  successDescription: 'Logo uploaded successfully.',
  unsafeSvg:
    'This SVG contains scripts, embedded content or links to other files. Please upload a PNG, JPG or a plain SVG.',
  missingFile: 'Please select an image file.',
} as const;

/** The hero image's words: the product has none, these are Cadence's. */
export const HERO_MESSAGES = {
  invalidType: 'Please select a photo: JPG, PNG, WebP, AVIF or GIF.',
  tooLarge: 'Please select an image smaller than 10MB.',
  tooSmall: `This image is too small for your page's header. Please select one at least ${HERO_MIN_WIDTH} pixels wide.`,
  tooManyPixels: 'This image is too large. Please select an image under 40 megapixels.',
  missingFile: 'Please select an image file.',
  uploadFailed: 'Failed to upload the hero image. Please try again.',
  uploaded: 'Hero image uploaded.',
  tooManyUploads: 'Too many image uploads. Please try again later.',
} as const;

/**
 * The words of every branding lock (issue #18 part 3), the same in the server's 403 and on the
 * customize screen: lockedMessage names the feature and the plan that unlocks it.
 */
export const BRANDING_LOCKS = {
  logo: lockedMessage('customBranding', 'Your own logo'),
  colors: lockedMessage('customBranding', 'Your own color scheme'),
  description: lockedMessage('fullBranding', 'Your own description'),
  pageIcon: lockedMessage('fullBranding', 'Your logo as the page icon'),
  poweredBy: lockedMessage('fullBranding', 'A class page without “Powered by Cadence”'),
  heroImage: lockedMessage('fullCustomization', 'A hero image'),
  displayFont: lockedMessage('fullCustomization', 'A display font'),
  customDomain: lockedMessage('customDomain', 'Your class page on your own domain'),
} as const;

export const BRANDING_MESSAGES = {
  saved: 'Branding saved',
  gymNameShort: `Gym name must be at least ${GYM_NAME_MIN} characters`,
  gymNameLong: `Gym name must be under ${GYM_NAME_MAX} characters`,
  descriptionLong: 'Description must be under 500 characters',
  primaryColor: 'Primary color must be a hex color like #ff4500',
  secondaryColor: 'Secondary color must be a hex color like #1a1a1a',
  displayFont: 'Please choose one of the fonts offered.',
} as const;

export const hexColor = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(HEX_COLOR_PATTERN, message)
    .transform((v) => v.toLowerCase());

/** PUT /api/auth/branding. An empty description stores nothing (the default shows). */
export const updateBrandingBody = z.object({
  gymName: z
    .string({ error: BRANDING_MESSAGES.gymNameShort })
    .trim()
    .min(GYM_NAME_MIN, BRANDING_MESSAGES.gymNameShort)
    .max(GYM_NAME_MAX, BRANDING_MESSAGES.gymNameLong),
  description: z
    .string({ error: BRANDING_MESSAGES.descriptionLong })
    .trim()
    .max(COMPANY_DESCRIPTION_MAX, BRANDING_MESSAGES.descriptionLong)
    .optional()
    .default(''),
  primaryColor: hexColor(BRANDING_MESSAGES.primaryColor),
  secondaryColor: hexColor(BRANDING_MESSAGES.secondaryColor),
  /** True: back to the product's own mark (Reset to Default), the stored logo is deleted. */
  removeLogo: z.boolean({ error: 'removeLogo must be true or false' }).optional().default(false),
  /** A font of DISPLAY_FONTS, or null for the page's own; left out: unchanged. */
  displayFont: z
    .enum(DISPLAY_FONT_IDS, { error: BRANDING_MESSAGES.displayFont })
    .nullable()
    .optional(),
  /** True: the hero image is deleted (allowed on any plan: nothing is needed to remove one). */
  removeHeroImage: z
    .boolean({ error: 'removeHeroImage must be true or false' })
    .optional()
    .default(false),
});
export type UpdateBrandingBody = z.input<typeof updateBrandingBody>;

const customDomainStatus = z.enum(['pending', 'verified']);
export type CustomDomainStatus = z.infer<typeof customDomainStatus>;

const txtRecord = z.object({
  /** The record's full name, e.g. `_cadence-challenge.classes.ironspin.com`. */
  name: z.string(),
  /** Its text, e.g. `cadence-verify=3f…`. */
  value: z.string(),
});
export type DomainTxtRecord = z.infer<typeof txtRecord>;

/** A custom domain's state, the gym's (BrandingDto) or a further location's (LocationDto). */
export const customDomainView = z.object({
  customDomain: z.string().nullable(),
  /** null without a domain; 'pending' until its TXT record is found; only 'verified' serves the page. */
  customDomainStatus: customDomainStatus.nullable(),
  /** When the domain was verified (ISO), or null. */
  customDomainVerifiedAt: z.string().nullable(),
  /** The TXT record to create while the domain is pending, else null. */
  customDomainRecord: txtRecord.nullable(),
});
export type CustomDomainView = z.infer<typeof customDomainView>;

/** color.ts's BrandPalette, as brandPalette() computes it (the schema's type is exactly it). */
const palette = z.object({
  primary: z.string(),
  secondary: z.string(),
  onPrimary: z.string(),
  onSecondary: z.string(),
  accentOnSecondary: z.string(),
  primaryOnSecondaryRatio: z.number(),
  readable: z.boolean(),
  issues: z.array(
    z.object({ kind: z.literal('primary-on-secondary'), ratio: z.number(), message: z.string() }),
  ),
});
true satisfies Same<z.output<typeof palette>, BrandPalette>;

/** The owner's branding as GET and PUT /api/auth/branding answer it. */
const brandingDto = z.object({
  gymName: z.string(),
  description: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** The stored logo (512 px at most), or null for the product's own mark. */
  logoUrl: z.string().nullable(),
  /** The same logo at icon size (the public page's favicon), or null. */
  logoIconUrl: z.string().nullable(),
  /** The text colours the public page uses and the pairs that had to be corrected. */
  contrast: palette,
  /** The stored hero image (kept on every plan; the public page shows it on Elite Studio), or null. */
  heroImage: z.object({ src: z.string(), srcSet: z.string() }).nullable(),
  /** The chosen display font (DISPLAY_FONTS), or null for the page's own. */
  displayFont: z.enum(DISPLAY_FONT_IDS).nullable(),
  /** Whether the owner's plan includes a custom domain. */
  customDomainAllowed: z.boolean(),
  ...customDomainView.shape,
});
export type BrandingDto = z.infer<typeof brandingDto>;

const brandingResponse = z.object({ branding: brandingDto });
export type BrandingResponse = z.infer<typeof brandingResponse>;

/**
 * PUT /api/auth/branding, PUT /api/auth/branding/domain and POST /api/auth/branding/domain/verify:
 * what happened, the branding and the user as saved.
 */
const updateBrandingResponse = z.object({
  message: z.string(),
  branding: brandingDto,
  user: publicUser,
});
export type UpdateBrandingResponse = z.infer<typeof updateBrandingResponse>;

const uploadLogoResponse = z.object({
  logoUrl: z.string(),
  logoIconUrl: z.string(),
  user: publicUser,
});
export type UploadLogoResponse = z.infer<typeof uploadLogoResponse>;

const uploadHeroResponse = z.object({ message: z.string(), branding: brandingDto });
export type UploadHeroResponse = z.infer<typeof uploadHeroResponse>;

/** The icon-size sibling of a stored logo: '…/<id>-512.png' -> '…/<id>-64.png'; else the logo itself. */
export function logoIconUrl(logoUrl: string | null | undefined): string | null {
  if (!logoUrl) return null;
  const suffix = `-${LOGO_SIZE}.png`;
  if (logoUrl.startsWith(`${LOGOS_PATH}/`) && logoUrl.endsWith(suffix)) {
    return `${logoUrl.slice(0, -suffix.length)}-${LOGO_ICON_SIZE}.png`;
  }
  return logoUrl;
}

/** A stored hero's file name: a random id, then the width. */
const HERO_FILE = /^([a-z0-9]{16,40})-(\d{3,4})\.webp$/;

/** The widths stored for an upload this wide: HERO_WIDTHS below it, and its own (at most the last). */
export function heroWidthsFor(sourceWidth: number): number[] {
  const largest = Math.min(Math.round(sourceWidth), HERO_MAX_WIDTH);
  return [...HERO_WIDTHS.filter((w) => w < largest), largest];
}

/** A hero's picture for `<img>`: the 1280 px file (or the largest) and the srcset, from its stored URL. */
export function heroImageSources(
  url: string | null | undefined,
): { src: string; srcSet: string } | null {
  if (!url?.startsWith(`${HEROES_PATH}/`)) return null;
  const slash = url.lastIndexOf('/');
  const match = HERO_FILE.exec(url.slice(slash + 1));
  const largest = Number(match?.[2]);
  if (!match || largest < HERO_MIN_WIDTH || largest > HERO_MAX_WIDTH) return null;
  const widths = heroWidthsFor(largest);
  const at = (w: number) => `${url.slice(0, slash + 1)}${match[1]}-${w}.webp`;
  return {
    src: at(widths.find((w) => w >= 1280) ?? largest),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '),
  };
}

/** What an owner has saved, as the public page may show it. */
export interface SavedBranding {
  plan: string | null | undefined;
  primaryColor: string;
  secondaryColor: string;
  /** The owner's own description, or null. */
  description: string | null;
  logoUrl: string | null;
  /** The stored hero's picture (heroImageSources), or null. */
  heroImage: { src: string; srcSet: string } | null;
  displayFont: string | null;
}

/**
 * What the public page shows of the saved branding on the owner's CURRENT plan (issue #18 part 3):
 * Spin Starter Cadence's default look and "Powered by Cadence"; Custom branding the logo and the
 * colours; Full branding the description and the page icon, without "Powered by Cadence"; Full
 * customization the hero image and the display font. Nothing saved is dropped: it shows again on
 * a plan that includes it.
 */
export function brandingOnPlan(saved: SavedBranding) {
  const custom = planIncludes(saved.plan, 'customBranding');
  const full = planIncludes(saved.plan, 'fullBranding');
  const elite = planIncludes(saved.plan, 'fullCustomization');
  return {
    primaryColor: custom ? saved.primaryColor : BRANDING_DEFAULTS.primaryColor,
    secondaryColor: custom ? saved.secondaryColor : BRANDING_DEFAULTS.secondaryColor,
    logoUrl: custom ? saved.logoUrl : null,
    logoIconUrl: full ? logoIconUrl(saved.logoUrl) : null,
    description: (full && saved.description) || BRANDING_DEFAULTS.description,
    poweredByCadence: !full,
    heroImage: elite ? saved.heroImage : null,
    displayFont: elite ? (displayFontOf(saved.displayFont)?.id ?? null) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Custom domains (product.md §10): from Spin Master, planIncludes(plan, 'customDomain').

export const DOMAIN_MESSAGES = {
  invalid: 'Please enter a valid domain name, like classes.yourgym.com',
  ownHost: "This is Cadence's own address. Please enter your gym's domain.",
  taken: 'This domain is already connected to another gym.',
  /** The owner's own gym or another of their locations holds it. */
  takenByOwn: 'This domain already serves another of your locations. Remove it there first.',
  saved: 'Custom domain saved',
  removed: 'Custom domain removed',
  pending: 'Waiting for verification',
  verifiedStatus: 'Verified',
  verified: 'Custom domain verified',
  verifiedDescription: (domain: string) =>
    `Riders can now open ${domain} once its DNS points here.`,
  addRecord:
    'To prove this domain is yours, add this TXT record at your DNS provider, then press Verify.',
  verify: 'Verify',
  verifyFailed: 'Domain not verified',
  noDomain: 'Save a custom domain first, then verify it.',
  recordMissing: (name: string) =>
    `No TXT record was found at ${name}. DNS changes can take a few minutes to show; please try again.`,
  recordWrong: (name: string) =>
    `The TXT record at ${name} does not hold this domain's code. Please copy the value shown here exactly.`,
  lookupFailed: (name: string) =>
    `The DNS lookup of ${name} did not answer. Please try again in a few minutes.`,
  tooManyVerifies: 'Too many verification attempts. Please wait a few minutes and try again.',
  changedMeanwhile: 'Your custom domain changed meanwhile. Please verify it again.',
} as const;

/** Where the owner proves control of a domain: a TXT record under this label of the domain. */
export const DOMAIN_CHALLENGE_LABEL = '_cadence-challenge';
export const DOMAIN_CHALLENGE_PREFIX = 'cadence-verify=';

/** The TXT record that verifies `domain` for the owner holding `token`. */
export function domainTxtRecord(domain: string, token: string): DomainTxtRecord {
  return {
    name: `${DOMAIN_CHALLENGE_LABEL}.${domain}`,
    value: `${DOMAIN_CHALLENGE_PREFIX}${token}`,
  };
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name as typed, normalised (trimmed, lowercased, a scheme, path, port or trailing dot
 * dropped), or null when it is not a public DNS name: at least two labels, letters, digits and
 * hyphens, a top-level label that is not all digits (so no IP address), 253 characters at most.
 */
export function normalizeDomain(input: string): string | null {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.split(/[/?#]/)[0] ?? '';
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  const tld = labels[labels.length - 1]!;
  if (/^\d+$/.test(tld) || tld.length < 2) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return null;
  return host;
}

/** PUT /api/auth/branding/domain: a domain, or null / '' to remove it. */
export const updateDomainBody = z.object({
  domain: z
    .union(
      [z.string({ error: DOMAIN_MESSAGES.invalid }).max(300, DOMAIN_MESSAGES.invalid), z.null()],
      {
        error: DOMAIN_MESSAGES.invalid,
      },
    )
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const host = normalizeDomain(value);
      if (!host) {
        ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid });
        return z.NEVER;
      }
      return host;
    }),
});
export type UpdateDomainBody = z.input<typeof updateDomainBody>;

/** PUT /api/auth/branding/domain and POST /api/auth/branding/domain/verify. */
export type UpdateDomainResponse = UpdateBrandingResponse;

export const brandingEndpoints = {
  get: withSchemas(
    endpoint<{ response: BrandingResponse }>()({
      method: 'GET',
      path: BRANDING_PATH,
      access: 'owner',
      summary: "The caller's gym branding",
    }),
    { response: brandingResponse },
  ),
  update: withSchemas(
    endpoint<{ body: UpdateBrandingBody; response: UpdateBrandingResponse }>()({
      method: 'PUT',
      path: BRANDING_PATH,
      access: 'owner',
      summary:
        'Saves the gym name, description, colours and display font (or drops the logo or hero image)',
    }),
    { body: updateBrandingBody, response: updateBrandingResponse },
  ),
  setDomain: withSchemas(
    endpoint<{ body: UpdateDomainBody; response: UpdateDomainResponse }>()({
      method: 'PUT',
      path: BRANDING_DOMAIN_PATH,
      access: 'owner',
      summary: 'Saves a custom domain (pending until verified) or removes it',
    }),
    { body: updateDomainBody, response: updateBrandingResponse },
  ),
  verifyDomain: withSchemas(
    endpoint<{ response: UpdateDomainResponse }>()({
      method: 'POST',
      path: BRANDING_DOMAIN_VERIFY_PATH,
      access: 'owner',
      summary: "Looks the custom domain's TXT record up and verifies the domain",
    }),
    { response: updateBrandingResponse },
  ),
  /** Multipart with one file in the field LOGO_FIELD. */
  uploadLogo: withSchemas(
    endpoint<{ body: FormData; response: UploadLogoResponse }>()({
      method: 'POST',
      path: UPLOAD_LOGO_PATH,
      access: 'owner',
      summary: 'Stores a new logo (PNG, JPG, WebP, GIF or plain SVG; at most 5 MB)',
      rawBody: 'multipart',
    }),
    { response: uploadLogoResponse },
  ),
  /** Multipart with one file in the field HERO_FIELD (Elite Studio). */
  uploadHero: withSchemas(
    endpoint<{ body: FormData; response: UploadHeroResponse }>()({
      method: 'POST',
      path: UPLOAD_HERO_PATH,
      access: 'owner',
      summary: 'Stores a new hero image (JPG, PNG, WebP, AVIF or GIF; at most 10 MB)',
      rawBody: 'multipart',
    }),
    { response: uploadHeroResponse },
  ),
  /** Names are random and never reused: served immutable, to anyone (the gym page shows them). */
  hero: endpoint()({
    method: 'GET',
    path: `${HEROES_PATH}/:ownerId/:file`,
    access: 'public',
    summary: 'A stored hero image (WebP)',
    produces: 'image/webp',
  }),
  /** Names are random and never reused: served immutable, to anyone (the gym page shows them). */
  logo: endpoint()({
    method: 'GET',
    path: `${LOGOS_PATH}/:ownerId/:file`,
    access: 'public',
    summary: 'A stored logo (PNG)',
    produces: 'image/png',
  }),
} as const;
