/**
 * The public gym page's API (product.md §3 Public gym response, §7 GET /api/gym/{gymSlug}). Zod-free on
 * purpose: the public page's own build imports it (docs/decisions/0017).
 */
import type { DisplayFontId } from './display-fonts';
import { endpoint } from './endpoint';
import { formatDuration } from './format';
import type { Difficulty } from './class-details';

export const GYM_API_PREFIX = '/api/gym';
/** Answers the gym whose custom domain the request's Host names (product.md §9). */
export const GYM_BY_HOST_PATH = '/api/gym/by-host';

export function gymApiPath(slug: string): string {
  return `${GYM_API_PREFIX}/${encodeURIComponent(slug)}`;
}

/** The public gym page (product.md §2), open to anyone with the slug: the route and one gym's address. */
export const PUBLIC_GYM_PATH = '/gym/:gymSlug';
export function gymPagePath(slug: string): string {
  return `/gym/${encodeURIComponent(slug)}`;
}

/** product.md §9: the class duration text when a video's length is unknown. */
export const DEFAULT_CLASS_DURATION = '45 min';

export const GYM_NOT_FOUND = {
  title: 'Gym Not Found',
  errorMessage: 'Unable to load gym data. Please try again later.',
  missingMessage: "The gym you're looking for doesn't exist or the link may be incorrect.",
} as const;

export interface PublicGymVideo {
  id: string;
  title: string;
  /** '45 min', '1 h 5 min', '30 s'. */
  duration: string;
  thumbnailUrl: string | null;
  /** The length in seconds when known (the player's remaining time before the media loads). */
  durationSeconds: number | null;
  /** The HLS master playlist, once the video is packaged for streaming. */
  hlsUrl: string | null;
  /** The enhanced MP4: the player's fallback where HLS cannot play. */
  mp4Url: string | null;
  /** A large still for the player before the first frame. */
  posterUrl: string | null;
  /** The class's instructor (issue #20), or null: the page says DEFAULT_INSTRUCTOR. */
  instructor: PublicInstructor | null;
  /** The owner's difficulty, or DEFAULT_DIFFICULTY where they set none. */
  difficulty: Difficulty;
  /** Endurance, HIIT… or the studio's own word; null when not set. */
  classType: string | null;
  /** What to bring or set up (weights, a towel), in the owner's words; null when none. */
  equipmentNotes: string | null;
  /** The class's ride track (issue #20), versioned by its last save; null when it has none. */
  rideTrackUrl: string | null;
  /** The single-file rendition a tablet saves for offline play (issue #21), or null when none. */
  offline: PublicOfflineFile | null;
}

/**
 * A class's offline file: one MP4 at the owner's plan's top quality up to 720p, remuxed from the
 * streaming ladder. `version` is the packaging's (a new one means the class changed); `url` names it.
 */
export interface PublicOfflineFile {
  url: string;
  bytes: number;
  version: string;
}

/**
 * A program (issue #20 part 2): an ordered series of the gym's classes. It lists only classes of
 * this page's `videos` (what riders can play here), in order; a program with none is not listed.
 */
export interface PublicProgram {
  id: string;
  title: string;
  description: string;
  /** Turns a class's place into 'Week 2 · Day 1' (shared/programs.ts). */
  classesPerWeek: number;
  /** A 16:9 picture (the 1280 px file and the srcset), or null. */
  cover: { src: string; srcSet: string } | null;
  /** Ids of `videos`, in the program's order. */
  classIds: string[];
}

/** An instructor as riders see one: a name and, when the studio added one, a square photo. */
export interface PublicInstructor {
  id: string;
  name: string;
  photoUrl: string | null;
}

/** The gym's colours as the public page paints them (text colours chosen to read at 4.5:1). */
export interface PublicGymBranding {
  primaryColor: string;
  secondaryColor: string;
  description: string;
  /** Text on the primary colour (buttons, badges). */
  primaryTextColor: string;
  /** Text on the secondary colour (the hero). */
  secondaryTextColor: string;
  /** Highlighted words on the secondary colour: the primary colour, or the text colour when it would not read. */
  accentColor: string;
  /** A small "Powered by Cadence" link at the foot of the page (plans without Full branding). */
  poweredByCadence: boolean;
  /** The header's picture (Full customization): a file and the srcset of its widths, or null. */
  heroImage: { src: string; srcSet: string } | null;
  /** The headings' font (Full customization, display-fonts.ts), or null for the page's own. */
  displayFont: DisplayFontId | null;
}

export interface PublicGymResponse {
  slug: string;
  gymName: string;
  /** The logo (512 px at most), or null: the page shows the gym's initials. */
  gymLogo: string | null;
  /** The logo at icon size, for the page's favicon. */
  gymLogoIcon: string | null;
  videos: PublicGymVideo[];
  /** The owner's programs, oldest first (issue #20 part 2). */
  programs: PublicProgram[];
  branding: PublicGymBranding;
}

/** What an old slug answers: the gym's current slug, for the page to move to. */
export interface GymRedirectResponse {
  redirectTo: string;
}

export type GymLookupResponse = PublicGymResponse | GymRedirectResponse;

export function isGymRedirect(response: GymLookupResponse): response is GymRedirectResponse {
  return 'redirectTo' in response;
}

/** A video's length from its text column (seconds), or null when unknown or not positive. */
export function classDurationSeconds(text: string | null): number | null {
  const n = text === null || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * A class length in seconds (number or numeric text) for riders, as every screen writes durations
 * (format.ts): '45 min', '1 h 5 min', '30 s'; the default '45 min' when unknown or not positive.
 */
export function formatClassDuration(seconds: string | number | null | undefined): string {
  // Under half a second rounds to '0 s': no class is that short, so the length is unknown.
  const formatted = Number(seconds) >= 0.5 ? formatDuration(seconds) : null;
  return formatted ?? DEFAULT_CLASS_DURATION;
}

/** Two-letter initials of a gym name (the hero's fallback for a missing logo): 'Iron Spin' -> 'IS'. */
export function gymInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const letter = (word: string) => (word.match(/[\p{L}\p{N}]/u)?.[0] ?? '').toUpperCase();
  if (words.length === 0) return '?';
  if (words.length === 1) {
    const chars = [...words[0]!.replace(/[^\p{L}\p{N}]/gu, '')];
    return (chars.slice(0, 2).join('') || '?').toUpperCase();
  }
  return letter(words[0]!) + letter(words[1]!);
}

/** The meta tag the server adds to the web app on a gym's custom domain (content: the gym's slug). */
export const CUSTOM_DOMAIN_META = 'cadence-gym-host';

/**
 * The public page's HTML carries the gym it shows (a JSON script with this id), so the page renders
 * without waiting for GET /api/gym/{gymSlug}. `slug` is null on a custom domain (product.md §9).
 */
export const EMBEDDED_GYM_ID = 'cadence-gym';
export interface EmbeddedGym {
  slug: string | null;
  gym: PublicGymResponse;
}

/**
 * For a TLS proxy's on-demand certificates (Caddy's `ask`): 200 when `?domain=` is a connected
 * custom domain, 404 otherwise.
 */
export const CUSTOM_DOMAIN_CHECK_PATH = '/api/custom-domains/check';

export const gymEndpoints = {
  /** A static path: Fastify prefers it to ':gymSlug' (so 'by-host' is a reserved slug). */
  byHost: endpoint<{ response: PublicGymResponse }>()({
    method: 'GET',
    path: GYM_BY_HOST_PATH,
    access: 'public',
    summary: "The gym whose custom domain the request's Host names",
  }),
  /** An old slug answers `{ redirectTo }` with the current one. */
  bySlug: endpoint<{ response: GymLookupResponse }>()({
    method: 'GET',
    path: `${GYM_API_PREFIX}/:gymSlug`,
    access: 'public',
    summary: "A gym's public page data: name, branding and ready classes",
  }),
  customDomainCheck: endpoint<{
    query: { domain: string };
    response: { domain: string; connected: true };
  }>()({
    method: 'GET',
    path: CUSTOM_DOMAIN_CHECK_PATH,
    access: 'public',
    summary: "For a TLS proxy's on-demand certificates: 200 when the domain is connected, else 404",
  }),
  /** The public page's HTML (an unknown slug: the page with a 404 status; an old one: a redirect). */
  page: endpoint()({
    method: 'GET',
    path: PUBLIC_GYM_PATH,
    access: 'public',
    summary: 'The public gym page',
    produces: 'text/html',
  }),
  /** One address per gym: /gym/{slug}/ moves to /gym/{slug}. */
  pageWithSlash: endpoint()({
    method: 'GET',
    path: `${PUBLIC_GYM_PATH}/`,
    access: 'public',
    summary: 'Redirects to the public gym page without the trailing slash',
    status: 301,
  }),
} as const;
