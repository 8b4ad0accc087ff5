import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANDING_DEFAULTS,
  BRANDING_LOCKS,
  BRANDING_MESSAGES,
  HERO_MAX_BYTES,
  HERO_MESSAGES,
} from '@shared/branding.contract';
import { PLANS, type PlanId } from '@shared/plans';
import { users } from '../../db/schema/users';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';

/**
 * Issue #18 part 3: branding per plan. For every plan, each gated capability is allowed or refused
 * with its lock's words, and the public answer shows what the owner's current plan includes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { APP_HOSTS: 'app.cadence.test' } });
});
afterAll(() => t.close());

const PLAN_IDS = PLANS.map((p) => p.id);
/** From which plan each capability is allowed (plan-features.ts), as the issue states it. */
const FROM: Record<string, PlanId> = {
  colors: 'power-cycle',
  logo: 'power-cycle',
  description: 'spin-master',
  customDomain: 'spin-master',
  displayFont: 'elite-studio',
  heroImage: 'elite-studio',
};
const allowed = (plan: PlanId, what: keyof typeof FROM) =>
  PLAN_IDS.indexOf(plan) >= PLAN_IDS.indexOf(FROM[what]!);

let counter = 0;
async function owner(plan: PlanId) {
  const o = await registerOwner(t.app);
  const slug = `plan-brand-${++counter}-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: o.cookie },
    payload: { companyName: 'Iron Spin', companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  await setPlan(o.id, plan);
  return { ...o, slug };
}
const setPlan = (id: string, plan: PlanId) =>
  t.database.db.update(users).set({ plan }).where(eq(users.id, id));
const rowOf = async (id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

const put = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/branding', headers: { cookie }, payload });
const getBranding = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/branding', headers: { cookie } })).json()
    .branding;
const publicGym = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/gym/${slug}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const changePlan = async (cookie: string, planId: PlanId) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/plan',
    headers: { cookie },
    payload: { planId },
  });
  expect(res.statusCode).toBe(200);
};

/** What the form sends back for a fresh gym: nothing changed. */
const UNCHANGED = {
  gymName: 'Iron Spin',
  description: BRANDING_DEFAULTS.description,
  primaryColor: BRANDING_DEFAULTS.primaryColor,
  secondaryColor: BRANDING_DEFAULTS.secondaryColor,
};

function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = `----cadence${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
function upload(url: string, field: string, cookie: string, body: Buffer, type = 'image/jpeg') {
  const { payload, contentType } = multipart(field, 'picture', type, body);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, cookie },
    payload,
  });
}
const uploadHero = (cookie: string, body: Buffer, type?: string) =>
  upload('/api/auth/upload-hero', 'hero', cookie, body, type);
const uploadLogo = (cookie: string, body: Buffer) =>
  upload('/api/auth/upload-logo', 'logo', cookie, body, 'image/png');

const photo = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
const logoPng = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: '#22c55e' } })
    .png()
    .toBuffer();

describe.each(PLAN_IDS)('on %s', (plan) => {
  it(`colors: ${allowed(plan, 'colors') ? 'saved' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await put(o.cookie, { ...UNCHANGED, primaryColor: '#3b82f6' });
    if (allowed(plan, 'colors')) {
      expect(res.statusCode).toBe(200);
      expect(res.json().branding.primaryColor).toBe('#3b82f6');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.colors);
      expect((await rowOf(o.id)).brandPrimaryColor).toBe(BRANDING_DEFAULTS.primaryColor);
    }
  });

  it(`logo upload: ${allowed(plan, 'logo') ? 'stored' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await uploadLogo(o.cookie, await logoPng());
    if (allowed(plan, 'logo')) {
      expect(res.statusCode).toBe(200);
      expect(res.json().logoUrl).toMatch(/-512\.png$/);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.logo);
      expect((await rowOf(o.id)).companyLogoUrl).toBeNull();
    }
  });

  it(`description: ${allowed(plan, 'description') ? 'saved' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await put(o.cookie, { ...UNCHANGED, description: 'Sprints at dawn.' });
    if (allowed(plan, 'description')) {
      expect(res.statusCode).toBe(200);
      expect(res.json().branding.description).toBe('Sprints at dawn.');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.description);
      expect((await rowOf(o.id)).companyDescription).toBeNull();
    }
  });

  it(`display font: ${allowed(plan, 'displayFont') ? 'saved' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await put(o.cookie, { ...UNCHANGED, displayFont: 'oswald' });
    if (allowed(plan, 'displayFont')) {
      expect(res.statusCode).toBe(200);
      expect(res.json().branding.displayFont).toBe('oswald');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.displayFont);
      expect((await rowOf(o.id)).displayFont).toBeNull();
    }
  });

  it(`hero image: ${allowed(plan, 'heroImage') ? 'stored' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await uploadHero(o.cookie, await photo(800, 400));
    if (allowed(plan, 'heroImage')) {
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(HERO_MESSAGES.uploaded);
      expect(res.json().branding.heroImage.src).toMatch(/-800\.webp$/);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.heroImage);
      expect((await rowOf(o.id)).heroImageUrl).toBeNull();
    }
  });

  it(`custom domain: ${allowed(plan, 'customDomain') ? 'saved' : 'refused with the lock'}`, async () => {
    const o = await owner(plan);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie: o.cookie },
      payload: { domain: `classes.plan-${counter}.example.com` },
    });
    expect((await getBranding(o.cookie)).customDomainAllowed).toBe(allowed(plan, 'customDomain'));
    if (allowed(plan, 'customDomain')) {
      expect(res.statusCode).toBe(200);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BRANDING_LOCKS.customDomain);
    }
  });

  it('saves the name, and removes the logo or hero image, whatever the plan', async () => {
    const o = await owner('elite-studio');
    expect((await uploadLogo(o.cookie, await logoPng())).statusCode).toBe(200);
    expect((await uploadHero(o.cookie, await photo(700, 300))).statusCode).toBe(200);
    await setPlan(o.id, plan);
    // The form sends back what it was shown (the colours, the default description, no font): no change.
    const res = await put(o.cookie, { ...UNCHANGED, gymName: 'Iron Spin Two', displayFont: null });
    expect(res.statusCode).toBe(200);
    const removed = await put(o.cookie, {
      ...UNCHANGED,
      removeLogo: true,
      removeHeroImage: true,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().branding).toMatchObject({ logoUrl: null, heroImage: null });
  });
});

describe('the public answer per plan', () => {
  /** An owner who saved everything on Elite Studio. */
  async function fullyBranded() {
    const o = await owner('elite-studio');
    expect((await uploadLogo(o.cookie, await logoPng())).statusCode).toBe(200);
    expect((await uploadHero(o.cookie, await photo(1600, 900))).statusCode).toBe(200);
    const saved = await put(o.cookie, {
      gymName: 'Iron Spin',
      description: 'Sprints at dawn.',
      primaryColor: '#3b82f6',
      secondaryColor: '#0f172a',
      displayFont: 'bebas-neue',
    });
    expect(saved.statusCode).toBe(200);
    return o;
  }

  it.each(PLAN_IDS)('shows on %s only what the plan includes', async (plan) => {
    const o = await fullyBranded();
    await setPlan(o.id, plan);
    const gym = await publicGym(o.slug);
    const custom = allowed(plan, 'colors');
    const full = allowed(plan, 'description');
    const elite = allowed(plan, 'heroImage');
    expect(gym.branding.primaryColor).toBe(custom ? '#3b82f6' : BRANDING_DEFAULTS.primaryColor);
    expect(gym.branding.secondaryColor).toBe(custom ? '#0f172a' : BRANDING_DEFAULTS.secondaryColor);
    expect(gym.gymLogo === null).toBe(!custom);
    expect(gym.gymLogoIcon === null).toBe(!full);
    expect(gym.branding.description).toBe(
      full ? 'Sprints at dawn.' : BRANDING_DEFAULTS.description,
    );
    expect(gym.branding.poweredByCadence).toBe(!full);
    expect(gym.branding.displayFont).toBe(elite ? 'bebas-neue' : null);
    if (elite) {
      expect(gym.branding.heroImage.srcSet).toMatch(
        /-640\.webp 640w, .*-1280\.webp 1280w, .*-1600\.webp 1600w$/,
      );
    } else {
      expect(gym.branding.heroImage).toBeNull();
    }
  });

  it('hides at once what a downgrade takes away, deletes nothing, and shows it again on upgrade', async () => {
    const o = await fullyBranded();
    const before = await publicGym(o.slug); // kept in memory now
    expect(before.branding.heroImage).not.toBeNull();

    await changePlan(o.cookie, 'spin-starter');
    const after = await publicGym(o.slug);
    expect(after.gymLogo).toBeNull();
    expect(after.branding).toMatchObject({
      primaryColor: BRANDING_DEFAULTS.primaryColor,
      description: BRANDING_DEFAULTS.description,
      poweredByCadence: true,
      heroImage: null,
      displayFont: null,
    });
    // Kept, and the files still served.
    const kept = await getBranding(o.cookie);
    expect(kept).toMatchObject({
      primaryColor: '#3b82f6',
      description: 'Sprints at dawn.',
      displayFont: 'bebas-neue',
    });
    expect(kept.logoUrl).not.toBeNull();
    const heroFile = await t.app.inject({ method: 'GET', url: kept.heroImage.src });
    expect(heroFile.statusCode).toBe(200);

    await changePlan(o.cookie, 'elite-studio');
    const back = await publicGym(o.slug);
    expect(back.branding).toEqual(before.branding);
    expect(back.gymLogo).toBe(before.gymLogo);
  });
});

describe('hostile input', () => {
  it('refuses a font outside the list, or not a string, with 400 and changes nothing', async () => {
    const o = await owner('elite-studio');
    for (const displayFont of ['comic-sans', 'Oswald', '<script>', 42, { id: 'oswald' }, '']) {
      const res = await put(o.cookie, { ...UNCHANGED, displayFont });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BRANDING_MESSAGES.displayFont);
    }
    expect((await rowOf(o.id)).displayFont).toBeNull();
    // null is the page's own font; left out, the font is unchanged.
    expect((await put(o.cookie, { ...UNCHANGED, displayFont: 'montserrat' })).statusCode).toBe(200);
    expect((await put(o.cookie, UNCHANGED)).json().branding.displayFont).toBe('montserrat');
    expect(
      (await put(o.cookie, { ...UNCHANGED, displayFont: null })).json().branding.displayFont,
    ).toBeNull();
  });

  it('refuses a hero that is not a photo (text, SVG, a truncated JPEG) with 400', async () => {
    const o = await owner('elite-studio');
    const jpeg = await photo(900, 500);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><rect width="2000" height="1000"/></svg>',
    );
    for (const [body, type] of [
      [Buffer.from('not an image at all'), 'image/jpeg'],
      [svg, 'image/svg+xml'],
      [jpeg.subarray(0, 600), 'image/jpeg'],
      [Buffer.alloc(0), 'image/jpeg'],
    ] as const) {
      const res = await uploadHero(o.cookie, body, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(HERO_MESSAGES.invalidType);
    }
    expect((await rowOf(o.id)).heroImageUrl).toBeNull();
  });

  it('refuses a hero narrower than 640 px with its words', async () => {
    const o = await owner('elite-studio');
    const res = await uploadHero(o.cookie, await photo(600, 400));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(HERO_MESSAGES.tooSmall);
  });

  it('refuses an oversized hero with 413, cut off while streaming, and keeps the one there', async () => {
    const o = await owner('elite-studio');
    expect((await uploadHero(o.cookie, await photo(700, 300))).statusCode).toBe(200);
    const kept = (await rowOf(o.id)).heroImageUrl;
    const big = Buffer.concat([await photo(700, 300), Buffer.alloc(HERO_MAX_BYTES)]);
    const res = await uploadHero(o.cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(HERO_MESSAGES.tooLarge);
    expect((await rowOf(o.id)).heroImageUrl).toBe(kept);
  });

  it('refuses a form without a `hero` file part', async () => {
    const o = await owner('elite-studio');
    const res = await upload('/api/auth/upload-hero', 'logo', o.cookie, await photo(700, 300));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(HERO_MESSAGES.missingFile);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-hero',
      headers: { cookie: o.cookie },
      payload: { hero: 'x' },
    });
    expect(plain.statusCode).toBe(400);
  });

  it('answers 401 signed out', async () => {
    const { payload, contentType } = multipart(
      'hero',
      'a.jpg',
      'image/jpeg',
      await photo(700, 300),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-hero',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('hero files', () => {
  it('re-encodes to WebP at each width, crops a tall picture to 4:3, serves them immutable', async () => {
    const o = await owner('elite-studio');
    // A 3000 x 4000 portrait: stored 640, 1280 and 1920 wide, each 4:3.
    const res = await uploadHero(o.cookie, await photo(3000, 4000));
    expect(res.statusCode).toBe(200);
    const { src, srcSet } = res.json().branding.heroImage as { src: string; srcSet: string };
    expect(src).toMatch(/-1280\.webp$/);
    const urls = srcSet.split(', ').map((entry) => entry.split(' ') as [string, string]);
    expect(urls.map(([, w]) => w)).toEqual(['640w', '1280w', '1920w']);
    for (const [url, w] of urls) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe(Math.round((meta.width * 3) / 4));
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(file.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
  });

  it('replaces the previous hero (its files are gone), and removing it deletes the files', async () => {
    const o = await owner('elite-studio');
    const first = (await uploadHero(o.cookie, await photo(700, 300))).json().branding.heroImage;
    const second = (await uploadHero(o.cookie, await photo(900, 300))).json().branding.heroImage;
    expect(second.src).not.toBe(first.src);
    expect((await t.app.inject({ method: 'GET', url: first.src })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.src })).statusCode).toBe(200);
    await put(o.cookie, { ...UNCHANGED, removeHeroImage: true });
    expect((await t.app.inject({ method: 'GET', url: second.src })).statusCode).toBe(404);
    expect((await rowOf(o.id)).heroImageUrl).toBeNull();
  });

  it('answers 404 for names it never hands out', async () => {
    const o = await owner('elite-studio');
    for (const url of [
      `/api/heroes/${o.id}/abcdefabcdefabcdefabcdef-640.png`,
      `/api/heroes/${o.id}/..%2F..%2Fsecret-640.webp`,
      '/api/heroes/not-a-uuid/abcdefabcdefabcdefabcdef-640.webp',
      `/api/heroes/${o.id}/abcdefabcdefabcdefabcdef-640.webp`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it("never touches another owner's hero", async () => {
    const a = await owner('elite-studio');
    const b = await owner('elite-studio');
    const heroA = (await uploadHero(a.cookie, await photo(700, 300))).json().branding.heroImage;
    await put(b.cookie, { ...UNCHANGED, removeHeroImage: true });
    expect((await t.app.inject({ method: 'GET', url: heroA.src })).statusCode).toBe(200);
    expect((await rowOf(a.id)).heroImageUrl).not.toBeNull();
  });
});
