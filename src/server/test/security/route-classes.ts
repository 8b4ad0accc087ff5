import type { InjectOptions } from 'fastify';
import type { Access } from '@shared/endpoint';
import type { RouteEntry } from '../../plugins/route-table';
import { multipartFile } from '../harness';
import { uploadBytes } from '../upload-client';
import {
  heroMultipart,
  logoMultipart,
  photoMultipart,
  TUS_CREATE_HEADERS,
  type Account,
  type RouteWorld,
} from './route-world';

/** What a route reads from its body: the JSON fuzz pass sends hostile JSON to every 'json' route. */
export type BodyKind = 'none' | 'json' | 'file';

export interface RequestSpec {
  /** Default: the URL as registered. */
  url?: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
}

export interface RouteRule {
  access: Access;
  body: BodyKind;
  /**
   * The request a caller makes (undefined caller: signed out). Default: the registered URL, no body.
   * A path naming a resource names the owner's, whoever calls.
   */
  request?: (w: RouteWorld, caller: Account | undefined) => RequestSpec | Promise<RequestSpec>;
  /** The path names one of the owner's resources: another owner gets 403 or 404. */
  owned?: boolean;
  /** The normal answer: to the owner (to the admin for admin routes; signed out for public ones). */
  ok: number;
  /** The admin's answer on an owner route, when not `ok` (owner-scoped routes do not serve admins). */
  admin?: number;
  /** The other owner's answer on an owner route, when not `ok` (they are not onboarded). */
  other?: number;
  /** Changes what later checks rely on (ends the session): checked after every other route. */
  last?: boolean;
}

const owner = (ok: number, more: Partial<RouteRule> = {}): RouteRule => ({
  access: 'owner',
  body: 'none',
  ok,
  ...more,
});
const admin = (ok: number, more: Partial<RouteRule> = {}): RouteRule => ({
  access: 'admin',
  body: 'none',
  ok,
  ...more,
});
const open = (ok: number, more: Partial<RouteRule> = {}): RouteRule => ({
  access: 'public',
  body: 'none',
  ok,
  ...more,
});
/** An /api/v1 route: called with API keys (route-authorization.test.ts), never a session. */
const api = (
  access: 'api-read' | 'api-write',
  ok: number,
  more: Partial<RouteRule> = {},
): RouteRule => ({ access, body: 'none', ok, ...more });
/** The owner's session upload as the API names it (the same upload, the API's address). */
const v1Upload = (url: string) => url.replace('/api/uploads/', '/api/v1/uploads/');
const json = (payload: unknown) => ({ payload: payload as InjectOptions['payload'] });
const tusHeaders = { 'tus-resumable': '1.0.0' };
/** The owner calls a route that uses a resource up (deletes it) on a fresh one; others on the real one. */
const isOwner = (w: RouteWorld, caller: Account | undefined) => caller?.id === w.owner.id;
let unique = 0;
const nextSlug = () => `studio-${Date.now().toString(36)}-${(unique += 1)}`;

/** A new program of the owner (issue #20 part 2) holding their public class, made through the API. */
async function seedProgram(w: RouteWorld): Promise<string> {
  const res = await w.inject({
    method: 'POST',
    url: '/api/auth/programs',
    cookie: w.owner.cookie,
    payload: { title: `Program ${nextSlug()}`, classIds: [w.publicVideoId] },
  });
  if (res.statusCode !== 201) throw new Error(`program: ${res.statusCode} ${res.body}`);
  return (res.json() as { program: { id: string } }).program.id;
}
/** The owner's program with a cover, made once per world: its id and the cover's public address. */
const ownerPrograms = new WeakMap<RouteWorld, Promise<{ id: string; coverUrl: string }>>();
function ownerProgram(w: RouteWorld): Promise<{ id: string; coverUrl: string }> {
  let made = ownerPrograms.get(w);
  if (!made) {
    made = seedProgram(w).then(async (id) => {
      const res = await w.inject({
        method: 'POST',
        url: `/api/auth/programs/${id}/cover`,
        cookie: w.owner.cookie,
        ...multipartFile('cover', 'cover.jpg', 'image/jpeg', w.heroPhoto),
      });
      if (res.statusCode !== 200) throw new Error(`program cover: ${res.statusCode} ${res.body}`);
      const cover = (res.json() as { program: { cover: { src: string } } }).program.cover;
      return { id, coverUrl: cover.src };
    });
    ownerPrograms.set(w, made);
  }
  return made;
}

/** Studio screens (issue #21 part 3): a new pairing, from its own address (the limit is per client). */
let screenAddress = 0;
async function seedPairing(w: RouteWorld): Promise<{ pairingId: string; code: string }> {
  const res = await w.inject({
    method: 'POST',
    url: '/api/screens/pairings',
    remoteAddress: `198.18.0.${(screenAddress += 1) % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`pairing: ${res.statusCode} ${res.body}`);
  return res.json() as { pairingId: string; code: string };
}
/** A new screen of the owner, paired through the API: its id and its token. */
async function seedScreen(w: RouteWorld): Promise<{ id: string; token: string }> {
  const { pairingId, code } = await seedPairing(w);
  const res = await w.inject({
    method: 'POST',
    url: '/api/auth/screens',
    cookie: w.owner.cookie,
    payload: { code, name: `TV ${nextSlug()}` },
  });
  if (res.statusCode !== 201) throw new Error(`screen: ${res.statusCode} ${res.body}`);
  const polled = await w.inject({ method: 'GET', url: `/api/screens/pairings/${pairingId}` });
  return {
    id: (res.json() as { id: string }).id,
    token: (polled.json() as { token: string }).token,
  };
}
const ownerScreens = new WeakMap<RouteWorld, Promise<{ id: string; token: string }>>();
function ownerScreen(w: RouteWorld) {
  let made = ownerScreens.get(w);
  if (!made) ownerScreens.set(w, (made = seedScreen(w)));
  return made;
}
/** A weekly slot no other seeded entry takes (the owner's public class lasts 60 s). */
let slot = 0;
function entryBody(w: RouteWorld) {
  slot += 1;
  const minute = slot * 2;
  return {
    videoId: w.publicVideoId,
    dayOfWeek: 1 + (Math.floor(minute / 1440) % 7),
    startTime: `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
  };
}
async function seedEntry(w: RouteWorld): Promise<string> {
  const res = await w.inject({
    method: 'POST',
    url: '/api/auth/timetable',
    cookie: w.owner.cookie,
    payload: entryBody(w),
  });
  if (res.statusCode !== 201) throw new Error(`timetable entry: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
const ownerEntries = new WeakMap<RouteWorld, Promise<string>>();
function ownerEntry(w: RouteWorld) {
  let made = ownerEntries.get(w);
  if (!made) ownerEntries.set(w, (made = seedEntry(w)));
  return made;
}

/**
 * Every route of the app, by `METHOD url` as registered. A GET rule covers its HEAD (Fastify adds
 * one for every GET) unless HEAD is listed. A new route fails route-authorization.test.ts until
 * it is listed here.
 */
export const ROUTE_RULES: Record<string, RouteRule> = {
  // Health, public gym data, custom domains (product.md §3, §9).
  'GET /api/health': open(200),
  'GET /api/openapi.json': open(200),
  // The Cadence API's document and its interactive reference (issue #19): no key, no one's data.
  'GET /api/v1/openapi.json': open(200),
  'GET /api/docs': open(200),
  'GET /api/docs/:file': open(200, { request: () => ({ url: '/api/docs/reference.js' }) }),
  'GET /api/processing-time': open(200),
  // The server's clock, for tablets riding a class together (issue #21 part 4).
  'GET /api/time': open(200),
  'GET /api/gym/:gymSlug': open(200, {
    request: async (w) => ({ url: `/api/gym/${(await w.ownerNow()).companySlug}` }),
  }),
  'GET /api/gym/by-host': open(200, {
    request: (w) => ({ url: '/api/gym/by-host', headers: { host: w.customDomain } }),
  }),
  'GET /api/custom-domains/check': open(200, {
    request: (w) => ({ url: `/api/custom-domains/check?domain=${w.customDomain}` }),
  }),
  'GET /api/logos/:ownerId/:file': open(200, {
    request: async (w) => ({ url: (await w.ownerNow()).companyLogoUrl! }),
  }),
  // The owner's hero as it is now (the upload route below replaces it).
  'GET /api/heroes/:ownerId/:file': open(200, {
    request: async (w) => {
      const res = await w.inject({
        method: 'GET',
        url: '/api/auth/branding',
        cookie: w.owner.cookie,
      });
      return {
        url: (res.json() as { branding: { heroImage: { src: string } } }).branding.heroImage.src,
      };
    },
  }),

  // The web app and the public gym page (only when the web build is served).
  'GET /*': open(200, { request: () => ({ url: '/dashboard' }) }),
  'GET /index.html': open(200),
  'GET /gym.html': open(200),
  'GET /gym/:gymSlug': open(200, {
    request: async (w) => ({ url: `/gym/${(await w.ownerNow()).companySlug}` }),
  }),
  // The studio screen page (decision 0050): the gym build's page, anyone's to open.
  'GET /screen': open(200),
  'GET /screen/sw.js': open(200),
  'GET /gym/:gymSlug/': open(301, {
    request: async (w) => ({ url: `/gym/${(await w.ownerNow()).companySlug}/` }),
  }),
  // The gym page as an app (decision 0045): anyone's to read, like the page.
  'GET /gym/:gymSlug/manifest.webmanifest': open(200, {
    request: async (w) => ({
      url: `/gym/${(await w.ownerNow()).companySlug}/manifest.webmanifest`,
    }),
  }),
  'GET /gym/:gymSlug/sw.js': open(200, {
    request: async (w) => ({ url: `/gym/${(await w.ownerNow()).companySlug}/sw.js` }),
  }),
  // The icon the manifest names now (its version changes with the logo and colours).
  'GET /gym/:gymSlug/icons/:file': open(200, {
    request: async (w) => {
      const res = await w.inject({
        method: 'GET',
        url: `/gym/${(await w.ownerNow()).companySlug}/manifest.webmanifest`,
      });
      return { url: (res.json() as { icons: Array<{ src: string }> }).icons[0]!.src };
    },
  }),

  // Sign-up and sessions.
  'POST /api/auth/register': open(201, {
    body: 'json',
    request: () =>
      json({
        email: `route-${(unique += 1)}-${Date.now()}@example.com`,
        password: 'correct horse battery',
        firstName: 'Ro',
        lastName: 'Ute',
      }),
  }),
  'POST /api/auth/login': open(200, {
    body: 'json',
    request: (w) => json({ email: w.other.email, password: w.other.password }),
  }),
  // The same answer for an address without an account (nothing is sent).
  'POST /api/auth/forgot-password': open(200, {
    body: 'json',
    request: () => json({ email: `nobody-${(unique += 1)}@example.com` }),
  }),
  // A well-formed link nobody issued: refused, nothing changes.
  'POST /api/auth/reset-password': open(400, {
    body: 'json',
    request: () => json({ token: 'A'.repeat(43), password: 'correct horse battery' }),
  }),
  // One-click unsubscribe: a token nobody signed gets the 400 page, and nothing changes.
  'GET /api/email/unsubscribe': open(400, {
    request: () => ({
      url: `/api/email/unsubscribe?token=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.email.forged`,
    }),
  }),
  'POST /api/email/unsubscribe': open(400, {
    request: () => ({
      url: `/api/email/unsubscribe?token=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.email.forged`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
  }),
  // A well-formed verification link nobody issued: refused, nothing changes.
  'POST /api/auth/verify-email': open(400, {
    body: 'json',
    request: () => json({ token: 'A'.repeat(43) }),
  }),
  // Every account here starts unverified: a link is sent again.
  'POST /api/auth/email/resend': owner(200),
  'DELETE /api/auth/email/pending': owner(200),
  // Ends the caller's session: signed out it has nothing to end and still answers.
  'POST /api/auth/logout': open(200, { last: true }),
  'GET /api/auth/user': owner(200),

  // Onboarding, slug, account settings, plans, analytics, export.
  'GET /api/auth/check-slug': owner(200, {
    request: () => ({ url: `/api/auth/check-slug?slug=${nextSlug()}` }),
  }),
  // Once per account: the owner has onboarded; the other owner and the admin have not.
  'POST /api/auth/complete-onboarding': owner(409, {
    other: 200,
    admin: 200,
    body: 'json',
    request: () => json({ companyName: 'Spin Co', companyType: 'gym', companySlug: nextSlug() }),
  }),
  'PUT /api/auth/slug': owner(200, { body: 'json', request: () => json({ slug: nextSlug() }) }),
  'PUT /api/auth/settings/profile': owner(200, {
    body: 'json',
    // A new email (it waits for its link), with the caller's password.
    request: (w, caller) =>
      json({
        companyName: 'Spin Co',
        email: 'desk@example.com',
        phone: '',
        currentPassword: caller?.password ?? 'not signed in',
      }),
  }),
  'PUT /api/auth/settings/notifications': owner(200, {
    body: 'json',
    request: () => json({ notifyWeeklyReports: false }),
  }),
  // The caller's own password, changed to a new one (the session is kept).
  'PUT /api/auth/settings/password': owner(200, {
    body: 'json',
    request: (w, caller) => {
      if (!caller) return json({ currentPassword: 'x', newPassword: 'y-long-enough' });
      const next = `${caller.password}!`;
      const body = json({ currentPassword: caller.password, newPassword: next });
      caller.password = next;
      return body;
    },
  }),
  'GET /api/plans': owner(200),
  'GET /api/auth/subscription': owner(200),
  'PUT /api/auth/plan': owner(200, {
    body: 'json',
    request: () => json({ planId: 'elite-studio' }),
  }),
  // Stripe billing (decision 0023). The route table's app runs the manual adapter: 409 'not connected'.
  'POST /api/auth/billing/checkout': owner(409, {
    body: 'json',
    request: () => json({ planId: 'power-cycle' }),
  }),
  'GET /api/auth/billing/preview': owner(409, {
    request: () => ({ url: '/api/auth/billing/preview?planId=power-cycle' }),
  }),
  'POST /api/auth/billing/portal': owner(409),
  'POST /api/auth/billing/cancel': owner(409),
  // Public with a signature: only a body signed with STRIPE_WEBHOOK_SECRET is acted on, else 400.
  'POST /api/billing/webhook': open(400, { body: 'json' }),
  // The owner is on Elite Studio; the other owner and the admin on Spin Starter (the four totals).
  'GET /api/analytics': owner(200, { other: 403, admin: 403 }),
  'GET /api/analytics/summary': owner(200),
  'GET /api/analytics/retention': owner(200, {
    other: 403,
    admin: 403,
    request: (w) => ({ url: `/api/analytics/retention?video=${w.publicVideoId}` }),
  }),
  'GET /api/analytics/export': owner(200, {
    other: 403,
    admin: 403,
    request: () => ({ url: '/api/analytics/export?table=videos' }),
  }),
  'GET /api/auth/export': owner(200),

  // Branding (product.md §2 Gym Customization, §9).
  'GET /api/auth/branding': owner(200),
  // The owner (Elite Studio) changes the colours; the others, on Spin Starter here, send back
  // Cadence's own (no change, so any plan may save it).
  'PUT /api/auth/branding': owner(200, {
    body: 'json',
    request: (w, caller) =>
      caller && caller !== w.owner
        ? json({ gymName: 'Spin Co', primaryColor: '#ff4500', secondaryColor: '#1a1a1a' })
        : json({ gymName: 'Iron Spin', primaryColor: '#112233', secondaryColor: '#ffeedd' }),
  }),
  // Removing a domain (connecting one depends on DNS). Checked last: the public checks use it.
  'PUT /api/auth/branding/domain': owner(200, {
    body: 'json',
    last: true,
    request: () => json({ domain: null }),
  }),
  // The owner's domain is verified already: verifying again answers it as it is. It acts on the
  // caller's own domain: the other owner and the admin (free plan, no domain) get the plan's 403.
  'POST /api/auth/branding/domain/verify': owner(200, { owned: true, admin: 403 }),
  // The logo comes with Power Cycle, the hero image with Elite Studio (issue #18 part 3; every plan
  // in branding-plans.test.ts): the uploads are registered after PUT /api/auth/plan, which has
  // moved every caller to Elite Studio by then.
  'POST /api/auth/upload-logo': owner(200, {
    body: 'file',
    request: (w) => logoMultipart(w.media.logo),
  }),
  'POST /api/auth/upload-hero': owner(200, {
    body: 'file',
    request: (w) => heroMultipart(w.heroPhoto),
  }),

  // The owner's videos (product.md §3, §7): owner-scoped, so an admin gets 404 there too.
  'GET /api/auth/user/videos': owner(200),
  'POST /api/auth/videos': owner(201, {
    body: 'json',
    request: async (w, caller) => {
      const address = caller
        ? await uploadBytes(w.t.app, caller.cookie, w.media.clip, 'video/mp4')
        : `/api/objects/uploads/${w.owner.id}/none`;
      return json({
        videoURL: address,
        title: 'Evening Ride',
        originalFileName: 'evening.mp4',
        fileSize: String(w.media.clip.length),
        replaceBackground: false,
        addLogo: false,
      });
    },
  }),
  'GET /api/auth/videos/:id': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/videos/${w.video.id}` }),
  }),
  'PATCH /api/auth/videos/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: (w) => ({ url: `/api/auth/videos/${w.video.id}`, ...json({ title: 'Renamed Ride' }) }),
  }),
  'DELETE /api/auth/videos/:id': owner(204, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/videos/${isOwner(w, caller) ? await w.seedVideo() : w.video.id}`,
    }),
  }),
  'GET /api/auth/videos/:id/original': owner(302, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/videos/${w.video.id}/original` }),
  }),
  // Enhance again with a built-in background (decision 0027). The owner's video here is still
  // processing, so the owner's answer is the 409 (the happy path: backgrounds.routes.test.ts).
  'POST /api/auth/videos/:id/re-enhance': owner(409, {
    owned: true,
    admin: 404,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/videos/${w.video.id}/re-enhance`,
      ...json({ backgroundId: 'studio' }),
    }),
  }),
  'GET /api/auth/backgrounds': owner(200),

  // Ride tracks (issue #20): the owner's editor; the player's copy is public once the class is.
  'GET /api/auth/videos/:id/ride-track': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/videos/${w.video.id}/ride-track` }),
  }),
  'PUT /api/auth/videos/:id/ride-track': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/videos/${w.video.id}/ride-track`,
      ...json({ segments: w.oneSegment }),
    }),
  }),
  'DELETE /api/auth/videos/:id/ride-track': owner(200, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/videos/${isOwner(w, caller) ? await w.seedRideTrack() : w.video.id}/ride-track`,
    }),
  }),
  'GET /api/classes/:id/ride-track': open(200, {
    request: (w) => ({ url: `/api/classes/${w.publicVideoId}/ride-track` }),
  }),
  'GET /api/classes/:id/ride-track.vtt': open(200, {
    request: (w) => ({ url: `/api/classes/${w.publicVideoId}/ride-track.vtt` }),
  }),

  // The studio's instructors (issue #20): every plan; another owner finds none of them.
  'GET /api/auth/instructors': owner(200),
  'POST /api/auth/instructors': owner(201, {
    body: 'json',
    request: () => json({ name: `Coach ${nextSlug()}` }),
  }),
  'PATCH /api/auth/instructors/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/instructors/${w.instructorId}`,
      ...json({ name: 'Head Coach' }),
    }),
  }),
  'DELETE /api/auth/instructors/:id': owner(200, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/instructors/${isOwner(w, caller) ? await w.seedInstructor() : w.instructorId}`,
    }),
  }),
  // A new photo deletes the one the public route's rule reads: after it, with the removal.
  'POST /api/auth/instructors/:id/photo': owner(200, {
    owned: true,
    admin: 404,
    body: 'file',
    last: true,
    request: (w) => ({
      url: `/api/auth/instructors/${w.instructorId}/photo`,
      ...photoMultipart(w.heroPhoto),
    }),
  }),
  'DELETE /api/auth/instructors/:id/photo': owner(200, {
    owned: true,
    admin: 404,
    last: true,
    request: (w) => ({ url: `/api/auth/instructors/${w.instructorId}/photo` }),
  }),
  'GET /api/instructor-photos/:ownerId/:file': open(200, {
    request: (w) => ({ url: w.instructorPhotoUrl }),
  }),

  // The studio's programs (issue #20 part 2): every plan; another owner finds none of them.
  'GET /api/auth/programs': owner(200),
  'POST /api/auth/programs': owner(201, {
    body: 'json',
    request: () => json({ title: `Program ${nextSlug()}` }),
  }),
  'PATCH /api/auth/programs/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: async (w) => ({
      url: `/api/auth/programs/${(await ownerProgram(w)).id}`,
      ...json({ title: 'Four-week build', classesPerWeek: 4, classIds: [w.publicVideoId] }),
    }),
  }),
  'DELETE /api/auth/programs/:id': owner(200, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/programs/${isOwner(w, caller) ? await seedProgram(w) : (await ownerProgram(w)).id}`,
    }),
  }),
  // A new cover deletes the one the public route's rule reads: after it, with the removal.
  'POST /api/auth/programs/:id/cover': owner(200, {
    owned: true,
    admin: 404,
    body: 'file',
    last: true,
    request: async (w) => ({
      url: `/api/auth/programs/${(await ownerProgram(w)).id}/cover`,
      ...multipartFile('cover', 'cover.jpg', 'image/jpeg', w.heroPhoto),
    }),
  }),
  'DELETE /api/auth/programs/:id/cover': owner(200, {
    owned: true,
    admin: 404,
    last: true,
    request: async (w) => ({ url: `/api/auth/programs/${(await ownerProgram(w)).id}/cover` }),
  }),
  'GET /api/program-covers/:ownerId/:file': open(200, {
    request: async (w) => ({ url: (await ownerProgram(w)).coverUrl }),
  }),

  // Studio screens (issue #21 part 3): the screen's pairing and timetable need no session (the
  // timetable takes the screen's token); the owner's screens and timetable are theirs only.
  'POST /api/screens/pairings': open(201),
  'GET /api/screens/pairings/:pairingId': open(200, {
    request: async (w) => ({ url: `/api/screens/pairings/${(await seedPairing(w)).pairingId}` }),
  }),
  'GET /api/screen/timetable': open(200, {
    request: async (w) => ({
      headers: { authorization: `Bearer ${(await ownerScreen(w)).token}` },
    }),
  }),
  'GET /api/auth/screens': owner(200),
  'POST /api/auth/screens': owner(201, {
    body: 'json',
    request: async (w) => json({ code: (await seedPairing(w)).code, name: 'Lobby TV' }),
  }),
  'PATCH /api/auth/screens/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: async (w) => ({
      url: `/api/auth/screens/${(await ownerScreen(w)).id}`,
      ...json({ name: 'Spin room TV' }),
    }),
  }),
  'DELETE /api/auth/screens/:id': owner(204, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/screens/${(isOwner(w, caller) ? await seedScreen(w) : await ownerScreen(w)).id}`,
    }),
  }),
  'GET /api/auth/timetable': owner(200),
  // Another owner's (or the admin's) entry naming the owner's class: refused on the class.
  'POST /api/auth/timetable': owner(201, {
    other: 400,
    admin: 400,
    body: 'json',
    request: (w) => json(entryBody(w)),
  }),
  'PUT /api/auth/timetable/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: async (w) => ({
      url: `/api/auth/timetable/${await ownerEntry(w)}`,
      ...json(entryBody(w)),
    }),
  }),
  'DELETE /api/auth/timetable/:id': owner(204, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/timetable/${isOwner(w, caller) ? await seedEntry(w) : await ownerEntry(w)}`,
    }),
  }),

  // Multi-location (issue #18 part 5): the owner is on Elite Studio.
  'GET /api/auth/locations': owner(200),
  // Off Elite (the other owner, the admin): the plan's refusal.
  'POST /api/auth/locations': owner(201, {
    other: 403,
    admin: 403,
    body: 'json',
    request: () => json({ name: 'Harbour', slug: nextSlug() }),
  }),
  'PUT /api/auth/locations/:id': owner(200, {
    owned: true,
    admin: 403,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/locations/${w.locationId}`,
      ...json({ name: 'Harbour', slug: nextSlug() }),
    }),
  }),
  'DELETE /api/auth/locations/:id': owner(200, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/locations/${isOwner(w, caller) ? await w.seedLocation() : w.locationId}`,
    }),
  }),
  'PUT /api/auth/locations/:id/classes': owner(200, {
    owned: true,
    admin: 403,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/locations/${w.locationId}/classes`,
      ...json({ videoIds: [w.video.id] }),
    }),
  }),
  // A further location's own domain and logo (issue #18 part 5), by the gym's rules: off Elite (the
  // admin) the plan's 403; removing the logo needs no plan, so the admin's answer is not found.
  'PUT /api/auth/locations/:id/domain': owner(200, {
    owned: true,
    admin: 403,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/locations/${w.locationId}/domain`,
      ...json({ domain: 'harbour.iron-spin.example' }),
    }),
  }),
  // No TXT record in the test DNS (or no domain yet): the owner's answer is the 400 that says so.
  'POST /api/auth/locations/:id/domain/verify': owner(400, {
    owned: true,
    admin: 403,
    request: (w) => ({ url: `/api/auth/locations/${w.locationId}/domain/verify` }),
  }),
  'POST /api/auth/locations/:id/logo': owner(200, {
    owned: true,
    admin: 403,
    body: 'file',
    request: (w) => ({
      url: `/api/auth/locations/${w.locationId}/logo`,
      ...logoMultipart(w.media.logo),
    }),
  }),
  'DELETE /api/auth/locations/:id/logo': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/locations/${w.locationId}/logo` }),
  }),
  // Webhooks (issue #19, Elite Studio; the plan's 403 in webhooks.routes.test.ts). The table calls
  // them after PUT /api/auth/plan made every caller Elite: the admin's answer on the owner's
  // endpoint is not found.
  'GET /api/auth/webhooks': owner(200),
  'POST /api/auth/webhooks': owner(201, {
    body: 'json',
    request: () => json({ url: 'https://93.184.215.14/hooks/cadence', events: ['class.ready'] }),
  }),
  'PATCH /api/auth/webhooks/:id': owner(200, {
    owned: true,
    admin: 404,
    body: 'json',
    request: (w) => ({
      url: `/api/auth/webhooks/${w.webhookId}`,
      ...json({ description: 'Booking site' }),
    }),
  }),
  'DELETE /api/auth/webhooks/:id': owner(200, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: `/api/auth/webhooks/${isOwner(w, caller) ? await w.seedWebhook() : w.webhookId}`,
    }),
  }),
  // The seeded endpoint's loopback address is refused at send time: the answer is the failed delivery.
  'POST /api/auth/webhooks/:id/test': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/webhooks/${w.webhookId}/test` }),
  }),
  'GET /api/auth/webhooks/:id/deliveries': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: `/api/auth/webhooks/${w.webhookId}/deliveries` }),
  }),
  'GET /media/backgrounds/:id/preview.jpg': open(200, {
    request: () => ({ url: '/media/backgrounds/studio/preview.jpg' }),
  }),

  // Uploads: a pre-signed URL, the local store's signed PUT and GET, tus (product.md §7).
  'POST /api/objects/upload': owner(200, { body: 'file' }),
  'PUT /api/objects/*': {
    access: 'signed-link',
    body: 'file',
    ok: 200,
    request: async (w) => ({
      url: await w.uploadUrl(),
      headers: { 'content-type': 'video/mp4' },
      payload: w.media.clip,
    }),
  },
  'GET /api/objects/*': {
    access: 'signed-link',
    body: 'none',
    ok: 200,
    request: (w) => ({ url: w.objectLink }),
  },
  // The Cadence API (issue #19): keys under Settings > API, then /api/v1 with them.
  'GET /api/auth/api-keys': owner(200),
  'POST /api/auth/api-keys': owner(201, {
    body: 'json',
    // Off Elite (the other owner, the admin): the plan's refusal.
    other: 403,
    admin: 403,
    request: () => json({ name: 'Booking sync', scope: 'read' }),
  }),
  'DELETE /api/auth/api-keys/:id': owner(200, {
    owned: true,
    admin: 404,
    request: async (w) => ({ url: `/api/auth/api-keys/${await w.seedApiKey()}` }),
  }),
  'GET /api/v1/classes': api('api-read', 200),
  'POST /api/v1/classes': api('api-write', 201, {
    body: 'json',
    request: async (w) =>
      json({
        title: 'Made through the API',
        upload: await uploadBytes(w.t.app, w.owner.cookie, w.media.clip, 'video/mp4'),
      }),
  }),
  'GET /api/v1/classes/:id': api('api-read', 200, {
    owned: true,
    request: (w) => ({ url: `/api/v1/classes/${w.video.id}` }),
  }),
  'PATCH /api/v1/classes/:id': api('api-write', 200, {
    owned: true,
    body: 'json',
    request: (w) => ({
      url: `/api/v1/classes/${w.video.id}`,
      ...json({ title: 'Renamed by API' }),
    }),
  }),
  'DELETE /api/v1/classes/:id': api('api-write', 204, {
    owned: true,
    request: async (w) => ({ url: `/api/v1/classes/${await w.seedVideo()}` }),
  }),
  // Re-running needs an enhanced class: the owner's is in processing (as the web route's rule).
  'POST /api/v1/classes/:id/reprocess': api('api-write', 409, {
    owned: true,
    body: 'json',
    request: (w) => ({
      url: `/api/v1/classes/${w.video.id}/reprocess`,
      ...json({ backgroundId: 'studio' }),
    }),
  }),
  'GET /api/v1/classes/:id/ride-track': api('api-read', 200, {
    owned: true,
    request: (w) => ({ url: `/api/v1/classes/${w.publicVideoId}/ride-track` }),
  }),
  'GET /api/v1/classes/:id/ride-track.vtt': api('api-read', 200, {
    owned: true,
    request: (w) => ({ url: `/api/v1/classes/${w.publicVideoId}/ride-track.vtt` }),
  }),
  'PUT /api/v1/classes/:id/ride-track': api('api-write', 200, {
    owned: true,
    body: 'json',
    request: (w) => ({
      url: `/api/v1/classes/${w.video.id}/ride-track`,
      ...json({ segments: w.oneSegment }),
    }),
  }),
  'DELETE /api/v1/classes/:id/ride-track': api('api-write', 204, {
    owned: true,
    request: async (w) => ({ url: `/api/v1/classes/${await w.seedRideTrack()}/ride-track` }),
  }),
  'GET /api/v1/analytics': api('api-read', 200),
  'GET /api/v1/locations': api('api-read', 200),
  'GET /api/v1/instructors': api('api-read', 200),
  'POST /api/v1/uploads': api('api-write', 201, {
    body: 'file',
    request: () => ({ url: '/api/v1/uploads', headers: TUS_CREATE_HEADERS }),
  }),
  'HEAD /api/v1/uploads/*': api('api-write', 200, {
    owned: true,
    request: (w) => ({ url: v1Upload(w.tusUrl), headers: tusHeaders }),
  }),
  'PATCH /api/v1/uploads/*': api('api-write', 204, {
    owned: true,
    body: 'file',
    request: async (w) => ({
      url: v1Upload(await w.tusUpload()),
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(100),
    }),
  }),
  'DELETE /api/v1/uploads/*': api('api-write', 204, {
    owned: true,
    request: async (w) => ({ url: v1Upload(await w.tusUpload()), headers: tusHeaders }),
  }),

  'OPTIONS /api/uploads': open(204, {
    request: () => ({ url: '/api/uploads', headers: tusHeaders }),
  }),
  'OPTIONS /api/uploads/*': open(204, { request: (w) => ({ url: w.tusUrl, headers: tusHeaders }) }),
  'POST /api/uploads': owner(201, {
    body: 'file',
    request: () => ({ url: '/api/uploads', headers: TUS_CREATE_HEADERS }),
  }),
  'HEAD /api/uploads/*': owner(200, {
    owned: true,
    admin: 404,
    request: (w) => ({ url: w.tusUrl, headers: tusHeaders }),
  }),
  'PATCH /api/uploads/*': owner(204, {
    owned: true,
    admin: 404,
    body: 'file',
    request: async (w, caller) => ({
      url: isOwner(w, caller) ? await w.tusUpload() : w.tusUrl,
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(100),
    }),
  }),
  'DELETE /api/uploads/*': owner(204, {
    owned: true,
    admin: 404,
    request: async (w, caller) => ({
      url: isOwner(w, caller) ? await w.tusUpload() : w.tusUrl,
      headers: tusHeaders,
    }),
  }),
  // A POST under an upload's address creates a new upload of the caller, like POST /api/uploads.
  'POST /api/uploads/*': owner(201, {
    body: 'file',
    request: (w) => ({ url: w.tusUrl, headers: TUS_CREATE_HEADERS }),
  }),

  // Media files (product.md §4): stills and the HLS ladder are public, the rest the owner's or an admin's.
  'GET /media/videos/:id/thumbnail.jpg': open(200, {
    request: (w) => ({ url: `/media/videos/${w.publicVideoId}/thumbnail.jpg` }),
  }),
  'GET /media/videos/:id/poster.jpg': open(200, {
    request: (w) => ({ url: `/media/videos/${w.publicVideoId}/poster.jpg` }),
  }),
  'GET /media/videos/:id/hls/:version/*': open(200, {
    request: (w) => ({ url: `/media/videos/${w.publicVideoId}/hls/${w.hlsVersion}/master.m3u8` }),
  }),
  'GET /media/videos/:id/before.jpg': owner(200, {
    owned: true,
    request: (w) => ({ url: `/media/videos/${w.video.id}/before.jpg` }),
  }),
  'GET /media/videos/:id/before.m4a': owner(200, {
    owned: true,
    request: (w) => ({ url: `/media/videos/${w.video.id}/before.m4a` }),
  }),
  'GET /media/videos/:id/after.m4a': owner(200, {
    owned: true,
    request: (w) => ({ url: `/media/videos/${w.video.id}/after.m4a` }),
  }),
  'GET /media/videos/:id/preview/*': owner(200, {
    owned: true,
    request: (w) => ({ url: `/media/videos/${w.hlsPreviewVideoId}/preview/index.m3u8` }),
  }),
  'GET /media/videos/:id/preview.mp4': owner(200, {
    owned: true,
    request: (w) => ({ url: `/media/videos/${w.video.id}/preview.mp4` }),
  }),
  // Public once enhanced (before that the owner's or an admin's: media.routes.test.ts).
  'GET /media/videos/:id/enhanced.mp4': open(200, {
    request: (w) => ({ url: `/media/videos/${w.publicVideoId}/enhanced.mp4` }),
  }),

  // Playback beacons (riders are anonymous).
  'POST /api/playback/beacon': open(200, {
    body: 'json',
    request: (w) =>
      json({
        sessionId: crypto.randomUUID(),
        viewerId: 'viewer-route-table',
        videoId: w.publicVideoId,
        event: 'start',
        position: 0,
        playedSeconds: 0,
      }),
  }),
  'GET /api/playback/resume': open(200, {
    request: (w) => ({
      url: `/api/playback/resume?videoId=${w.publicVideoId}&viewerId=viewer-route-table`,
    }),
  }),

  // The admin desk (product.md §2 Admin area): every route for admins only.
  'GET /api/admin/domains': admin(200),
  // Revoking the owner's domain: checked last, the public domain checks use it.
  'POST /api/admin/domains/revoke': admin(200, {
    body: 'json',
    last: true,
    request: (w) => json({ ownerId: w.owner.id, domain: w.customDomain }),
  }),
  'GET /api/admin/videos': admin(200),
  // An owner's plan and billing; a plan granted by hand (Stripe billing, decision 0023).
  'GET /api/admin/owners/:id/billing': admin(200, {
    request: (w) => ({ url: `/api/admin/owners/${w.owner.id}/billing` }),
  }),
  'PUT /api/admin/owners/:id/plan': admin(200, {
    body: 'json',
    request: (w) => ({
      url: `/api/admin/owners/${w.owner.id}/plan`,
      ...json({ planId: 'elite-studio' }),
    }),
  }),
  'GET /api/admin/videos/:id': admin(200, {
    request: (w) => ({ url: `/api/admin/videos/${w.video.id}` }),
  }),
  'GET /api/admin/videos/:id/events': admin(200, {
    request: (w) => ({ url: `/api/admin/videos/${w.video.id}/events` }),
  }),
  'GET /api/admin/videos/:id/logo': admin(302, {
    request: (w) => ({ url: `/api/admin/videos/${w.video.id}/logo` }),
  }),
  'GET /api/admin/videos/:id/download': admin(200, {
    request: (w) => ({ url: `/api/admin/videos/${w.video.id}/download` }),
  }),
  'PUT /api/admin/videos/:id/status': admin(200, {
    body: 'json',
    request: async (w, caller) => ({
      url: `/api/admin/videos/${caller?.id === w.admin.id ? await w.seedVideo('uploaded') : w.video.id}/status`,
      ...json({ status: 'processing' }),
    }),
  }),
  'POST /api/admin/videos/:id/enhanced': admin(200, {
    body: 'json',
    request: async (w, caller) => ({
      url: `/api/admin/videos/${caller?.id === w.admin.id ? await w.seedVideo('processing') : w.video.id}/enhanced`,
      ...multipartFile('enhanced', 'done.mp4', 'video/mp4', w.media.clip),
    }),
  }),
};

/** The rule for a live route: its own, or for a HEAD its GET's. */
export function ruleFor(route: RouteEntry): RouteRule | undefined {
  return (
    ROUTE_RULES[`${route.method} ${route.url}`] ??
    (route.method === 'HEAD' ? ROUTE_RULES[`GET ${route.url}`] : undefined)
  );
}
