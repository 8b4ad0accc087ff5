import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRANDING_DEFAULTS,
  BRANDING_LOCKS,
  DOMAIN_MESSAGES,
  LOGO_MESSAGES,
} from '@shared/branding.contract';
import type { PlanId } from '@shared/plans';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import { users } from '../../db/schema/users';
import { connectDomain, dnsError, fakeTxtResolver } from '../../test/fake-dns';
import { registerOwner, sessionCookie, startTestApp, type TestApp } from '../../test/harness';
import { brandingRepository } from './branding.repository';
import { brandingService, VERIFY_LIMIT } from './branding.service';

let t: TestApp;
const dns = fakeTxtResolver();
beforeAll(async () => {
  t = await startTestApp({
    env: { APP_HOSTS: 'app.cadence.test' },
    deps: { txtResolver: dns.resolver },
  });
});
afterAll(() => t.close());

let counter = 0;
/** An onboarded owner, on Elite Studio unless told (the plan gates are tested in branding-plans.test.ts). */
async function onboardedOwner(name = 'Iron Spin', plan: PlanId = 'elite-studio') {
  const owner = await registerOwner(t.app);
  await t.database.db.update(users).set({ plan }).where(eq(users.id, owner.id));
  const slug = `brand-${++counter}-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: { companyName: name, companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  return { ...owner, slug };
}

const getBranding = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/branding', headers: cookie ? { cookie } : {} });
const putBranding = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/branding',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
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

function uploadLogo(
  cookie: string | undefined,
  file: { field?: string; name: string; type: string; body: Buffer },
) {
  const { payload, contentType } = multipart(file.field ?? 'logo', file.name, file.type, file.body);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/upload-logo',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

const png = (width: number, height: number, color = '#ff4500') =>
  sharp({ create: { width, height, channels: 4, background: color } })
    .png()
    .toBuffer();

const VALID = {
  gymName: 'Iron Spin Studio',
  description: 'Hills and sprints.',
  primaryColor: '#3b82f6',
  secondaryColor: '#0f172a',
};

describe('signed out', () => {
  it('answers 401 on every branding endpoint', async () => {
    expect((await getBranding()).statusCode).toBe(401);
    expect((await putBranding(undefined, VALID)).statusCode).toBe(401);
    const domain = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      payload: { domain: 'a.example.com' },
    });
    expect(domain.statusCode).toBe(401);
    const upload = await uploadLogo(undefined, {
      name: 'logo.png',
      type: 'image/png',
      body: await png(10, 10),
    });
    expect(upload.statusCode).toBe(401);
    expect(upload.json()).toHaveProperty('message');
  });
});

describe('GET and PUT /api/auth/branding', () => {
  it('answers the product’s defaults for a new gym', async () => {
    const owner = await onboardedOwner('Pedal House', 'spin-starter');
    const res = await getBranding(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().branding).toMatchObject({
      gymName: 'Pedal House',
      description: BRANDING_DEFAULTS.description,
      primaryColor: '#ff4500',
      secondaryColor: '#1a1a1a',
      logoUrl: null,
      logoIconUrl: null,
      heroImage: null,
      displayFont: null,
      customDomain: null,
      customDomainAllowed: false,
      customDomainStatus: null,
      customDomainVerifiedAt: null,
      customDomainRecord: null,
      contrast: { readable: true, onPrimary: '#111111', onSecondary: '#ffffff' },
    });
  });

  it('saves name, description and colours; the current user (sidebar) carries them', async () => {
    const owner = await onboardedOwner();
    const res = await putBranding(owner.cookie, { ...VALID, primaryColor: '#3B82F6' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Branding saved',
      branding: {
        gymName: 'Iron Spin Studio',
        description: 'Hills and sprints.',
        primaryColor: '#3b82f6',
      },
      user: {
        companyName: 'Iron Spin Studio',
        brandPrimaryColor: '#3b82f6',
        brandSecondaryColor: '#0f172a',
      },
    });
    expect(await me(owner.cookie)).toMatchObject({
      companyName: 'Iron Spin Studio',
      companyDescription: 'Hills and sprints.',
    });
    expect((await getBranding(owner.cookie)).json().branding.primaryColor).toBe('#3b82f6');
  });

  it('stores an empty description as none, so the default shows', async () => {
    const owner = await onboardedOwner();
    const res = await putBranding(owner.cookie, { ...VALID, description: '   ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().branding.description).toBe(BRANDING_DEFAULTS.description);
    expect((await me(owner.cookie)).companyDescription).toBeNull();
  });

  it('flags a colour pair that would be unreadable, and says what the public page does instead', async () => {
    const owner = await onboardedOwner();
    const res = await putBranding(owner.cookie, {
      ...VALID,
      primaryColor: '#a855f7',
      secondaryColor: '#1a1a1a',
    });
    expect(res.statusCode).toBe(200);
    const { contrast } = res.json().branding;
    expect(contrast.readable).toBe(false);
    expect(contrast.accentOnSecondary).toBe('#ffffff');
    expect(contrast.issues[0].message).toMatch(/hard to read/);
  });

  it.each([
    [{ ...VALID, primaryColor: 'red' }, 'Primary color must be a hex color like #ff4500'],
    [{ ...VALID, primaryColor: '#fff' }, 'Primary color must be a hex color like #ff4500'],
    [{ ...VALID, primaryColor: '#12345g' }, 'Primary color must be a hex color like #ff4500'],
    [
      { ...VALID, secondaryColor: 'rgb(0,0,0)' },
      'Secondary color must be a hex color like #1a1a1a',
    ],
    [{ ...VALID, secondaryColor: 42 }, 'Secondary color must be a hex color like #1a1a1a'],
    [{ ...VALID, gymName: 'A' }, 'Gym name must be at least 2 characters'],
    [{ ...VALID, gymName: 'x'.repeat(101) }, 'Gym name must be under 100 characters'],
    [{ ...VALID, gymName: undefined }, 'Gym name must be at least 2 characters'],
    [{ ...VALID, description: 'x'.repeat(501) }, 'Description must be under 500 characters'],
    [{ ...VALID, removeLogo: 'yes' }, 'removeLogo must be true or false'],
  ])('refuses %j with 400 "%s" and changes nothing', async (payload, message) => {
    const owner = await onboardedOwner('Unchanged Gym');
    const res = await putBranding(owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await me(owner.cookie)).toMatchObject({
      companyName: 'Unchanged Gym',
      brandPrimaryColor: '#ff4500',
    });
  });

  it('answers malformed JSON with a 400', async () => {
    const owner = await onboardedOwner();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"gymName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed JSON in request body');
  });

  it("changes only the signed-in owner's branding", async () => {
    const a = await onboardedOwner('Gym A');
    const b = await onboardedOwner('Gym B');
    expect((await putBranding(a.cookie, VALID)).statusCode).toBe(200);
    expect(await me(b.cookie)).toMatchObject({
      companyName: 'Gym B',
      brandPrimaryColor: '#ff4500',
    });
  });
});

describe('POST /api/auth/upload-logo', () => {
  it('re-encodes a PNG to at most 512 px with a 64 px icon, served as PNG with long caching', async () => {
    const owner = await onboardedOwner();
    const res = await uploadLogo(owner.cookie, {
      name: 'logo.png',
      type: 'image/png',
      body: await png(1200, 600),
    });
    expect(res.statusCode).toBe(200);
    const { logoUrl, logoIconUrl, user } = res.json();
    expect(logoUrl).toMatch(new RegExp(`^/api/logos/${owner.id}/[a-z0-9]+-512\\.png$`));
    expect(user.companyLogoUrl).toBe(logoUrl);
    expect((await me(owner.cookie)).companyLogoUrl).toBe(logoUrl);

    const logo = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 256,
    });

    const icon = await t.app.inject({ method: 'GET', url: logoIconUrl });
    expect(icon.statusCode).toBe(200);
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 64,
      height: 64,
    });

    // Revalidation: the same name never changes.
    const again = await t.app.inject({
      method: 'GET',
      url: logoUrl,
      headers: { 'if-none-match': logo.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('accepts a JPEG by its content whatever its name, and never enlarges a small logo', async () => {
    const owner = await onboardedOwner();
    const jpeg = await sharp({
      create: { width: 200, height: 120, channels: 3, background: '#22c55e' },
    })
      .jpeg()
      .toBuffer();
    const res = await uploadLogo(owner.cookie, {
      name: 'logo.bin',
      type: 'application/octet-stream',
      body: jpeg,
    });
    expect(res.statusCode).toBe(200);
    const logo = await t.app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 200,
      height: 120,
    });
  });

  it('refuses a 6 MB image with 413 and the product’s message, and keeps the logo as it was', async () => {
    const owner = await onboardedOwner();
    const big = await sharp({
      create: {
        width: 1500,
        height: 1400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await uploadLogo(owner.cookie, { name: 'huge.png', type: 'image/png', body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Please select an image smaller than 5MB.');
    expect((await me(owner.cookie)).companyLogoUrl).toBeNull();
  });

  it('cuts off a file just over 5 MB while streaming it (the declared length alone would pass)', async () => {
    const owner = await onboardedOwner();
    const justOver = Buffer.concat([await png(10, 10), Buffer.alloc(LOGO_MAX_BYTES, 1)]);
    expect(justOver.length).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(justOver.length).toBeLessThan(LOGO_MAX_BYTES + 1024);
    const res = await uploadLogo(owner.cookie, {
      name: 'over.png',
      type: 'image/png',
      body: justOver,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(LOGO_MESSAGES.tooLargeDescription);
  });

  it('refuses a text file named .png with 400 "Please select an image file."', async () => {
    const owner = await onboardedOwner();
    const res = await uploadLogo(owner.cookie, {
      name: 'logo.png',
      type: 'image/png',
      body: Buffer.from('this is not an image, just some words\n'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image file.');
    expect((await me(owner.cookie)).companyLogoUrl).toBeNull();
  });

  it('refuses a truncated PNG (right magic bytes, broken image) with 400', async () => {
    const owner = await onboardedOwner();
    const whole = await png(300, 300);
    const res = await uploadLogo(owner.cookie, {
      name: 'cut.png',
      type: 'image/png',
      body: whole.subarray(0, 60),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image file.');
  });

  it.each([
    [
      'a script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    ],
    [
      'an event handler',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    ],
    [
      'a foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
    ],
    [
      'an external image',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
    ],
    [
      'an entity',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ],
  ])('refuses an SVG carrying %s with 400', async (_what, svg) => {
    const owner = await onboardedOwner();
    const res = await uploadLogo(owner.cookie, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      body: Buffer.from(svg),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(LOGO_MESSAGES.unsafeSvg);
    expect((await me(owner.cookie)).companyLogoUrl).toBeNull();
  });

  it('rasterises a plain SVG to a PNG (no SVG is ever served)', async () => {
    const owner = await onboardedOwner();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40" height="20">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#ff4500"/><stop offset="1" stop-color="#a855f7"/></linearGradient></defs>' +
      '<rect width="40" height="20" rx="4" fill="url(#g)"/></svg>';
    const res = await uploadLogo(owner.cookie, {
      name: 'logo.svg',
      type: 'image/svg+xml',
      body: Buffer.from(svg),
    });
    expect(res.statusCode).toBe(200);
    const logo = await t.app.inject({ method: 'GET', url: res.json().logoUrl });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 256,
    });
  });

  it('refuses a form without a `logo` file part, and a body that is not multipart', async () => {
    const owner = await onboardedOwner();
    const wrongField = await uploadLogo(owner.cookie, {
      field: 'file',
      name: 'logo.png',
      type: 'image/png',
      body: await png(10, 10),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Please select an image file.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-logo',
      headers: { cookie: owner.cookie },
      payload: { logo: 'data' },
    });
    expect(json.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/upload-logo',
      headers: { cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('replaces the previous logo (its files are gone), and Reset to Default removes the logo', async () => {
    const owner = await onboardedOwner();
    const first = (
      await uploadLogo(owner.cookie, {
        name: 'a.png',
        type: 'image/png',
        body: await png(100, 100),
      })
    ).json();
    const second = (
      await uploadLogo(owner.cookie, {
        name: 'b.png',
        type: 'image/png',
        body: await png(100, 100, '#14b8a6'),
      })
    ).json();
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect((await t.app.inject({ method: 'GET', url: first.logoUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first.logoIconUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.logoUrl })).statusCode).toBe(200);

    const reset = await putBranding(owner.cookie, {
      gymName: 'Iron Spin',
      description: BRANDING_DEFAULTS.description,
      primaryColor: BRANDING_DEFAULTS.primaryColor,
      secondaryColor: BRANDING_DEFAULTS.secondaryColor,
      removeLogo: true,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().branding).toMatchObject({
      logoUrl: null,
      primaryColor: '#ff4500',
      secondaryColor: '#1a1a1a',
    });
    expect((await t.app.inject({ method: 'GET', url: second.logoUrl })).statusCode).toBe(404);
  });

  it('answers 404 for logo names it never hands out', async () => {
    const owner = await onboardedOwner();
    for (const url of [
      `/api/logos/${owner.id}/aaaaaaaaaaaaaaaaaaaaaaaa-512.png`,
      `/api/logos/${owner.id}/..%2F..%2Fsigning-secret`,
      `/api/logos/not-a-uuid/aaaaaaaaaaaaaaaaaaaaaaaa-512.png`,
      `/api/logos/${owner.id}/aaaaaaaaaaaaaaaaaaaaaaaa-100.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('PUT /api/auth/branding/domain', () => {
  const putDomain = (cookie: string, domain: unknown, host = 'app.cadence.test') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie, host },
      payload: { domain } as object,
    });
  const setPlan = (id: string, plan: string) =>
    t.database.db.update(users).set({ plan }).where(eq(users.id, id));

  it('answers 403 naming the plan that unlocks it when the plan has no custom domain', async () => {
    const owner = await onboardedOwner('Iron Spin', 'spin-starter');
    const res = await putDomain(owner.cookie, 'classes.ironspin.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(BRANDING_LOCKS.customDomain);
    expect(res.json().message).toContain('Spin Master and up');
    await setPlan(owner.id, 'power-cycle');
    expect((await putDomain(owner.cookie, 'classes.ironspin.com')).json().message).toBe(
      BRANDING_LOCKS.customDomain,
    );
  });

  it('saves a domain on Spin Master and Elite Studio, normalised, and removes it with null', async () => {
    const owner = await onboardedOwner();
    await setPlan(owner.id, 'spin-master');
    const res = await putDomain(owner.cookie, ' Classes.Master-Gym.com. ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Custom domain saved',
      branding: {
        customDomain: 'classes.master-gym.com',
        customDomainAllowed: true,
        customDomainStatus: 'pending',
        customDomainVerifiedAt: null,
        customDomainRecord: { name: '_cadence-challenge.classes.master-gym.com' },
      },
      user: { customDomain: 'classes.master-gym.com' },
    });
    expect(res.json().branding.customDomainRecord.value).toMatch(/^cadence-verify=[0-9a-f]{32}$/);
    expect(res.json().user).not.toHaveProperty('customDomainToken');

    const elite = await onboardedOwner();
    await setPlan(elite.id, 'elite-studio');
    expect((await putDomain(elite.cookie, 'elite-gym.example.org')).statusCode).toBe(200);

    const removed = await putDomain(owner.cookie, null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().branding.customDomain).toBeNull();
  });

  it.each([
    ['not a domain'],
    ['localhost'],
    ['10.0.0.1'],
    [42],
    ['-x.example.com'],
    ['::1'],
    ['[::1]'],
    ['intranet'],
    ['x'.repeat(400)],
  ])('refuses %j with 400', async (domain) => {
    const owner = await onboardedOwner();
    await setPlan(owner.id, 'spin-master');
    const res = await putDomain(owner.cookie, domain);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid domain name, like classes.yourgym.com');
  });

  it("refuses the app's own host (APP_HOSTS) and names under it, whatever the request's Host", async () => {
    const owner = await onboardedOwner();
    await setPlan(owner.id, 'spin-master');
    for (const host of ['app.cadence.test:5000', 'elsewhere.example']) {
      for (const domain of ['app.cadence.test', 'gym.app.cadence.test']) {
        const res = await putDomain(owner.cookie, domain, host);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          "This is Cadence's own address. Please enter your gym's domain.",
        );
      }
    }
  });

  // Changed with verification: an unverified claim reserves nothing, so the 409 needs a verified one.
  it('refuses a domain another gym has verified with 409', async () => {
    const a = await onboardedOwner();
    const b = await onboardedOwner();
    await setPlan(a.id, 'spin-master');
    await setPlan(b.id, 'spin-master');
    await connectDomain(t.app, dns, a.cookie, 'taken.example.com');
    const res = await putDomain(b.cookie, 'TAKEN.example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This domain is already connected to another gym.');
  });
});

describe('POST /api/auth/branding/domain/verify', () => {
  let seq = 0;
  /** An owner on Spin Master with a fresh domain saved (pending); answers its TXT record too. */
  async function ownerWithPendingDomain(
    domain = `classes.verify-${++seq}-${Date.now().toString(36)}.com`,
  ) {
    const owner = await onboardedOwner();
    await t.database.db.update(users).set({ plan: 'spin-master' }).where(eq(users.id, owner.id));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/branding/domain',
      headers: { cookie: owner.cookie },
      payload: { domain },
    });
    expect(saved.statusCode).toBe(200);
    const record = saved.json().branding.customDomainRecord as { name: string; value: string };
    return { ...owner, domain, record };
  }
  const verify = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/branding/domain/verify',
      headers: cookie ? { cookie } : {},
    });
  const statusOf = async (cookie: string) =>
    (await getBranding(cookie)).json().branding.customDomainStatus;

  it('answers 401 signed out, 403 on a plan without a custom domain, 400 with no domain saved', async () => {
    expect((await verify()).statusCode).toBe(401);
    const owner = await onboardedOwner('Iron Spin', 'spin-starter');
    const free = await verify(owner.cookie);
    expect(free.statusCode).toBe(403);
    expect(free.json().message).toBe(BRANDING_LOCKS.customDomain);
    await t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
    const none = await verify(owner.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(DOMAIN_MESSAGES.noDomain);
  });

  it('refuses while the TXT record is missing, and leaves the domain pending', async () => {
    const owner = await ownerWithPendingDomain();
    const res = await verify(owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOMAIN_MESSAGES.recordMissing(owner.record.name));
    expect(dns.lookups).toContain(owner.record.name);
    expect(await statusOf(owner.cookie)).toBe('pending');
  });

  it("refuses a record holding another value (another owner's code, junk), and leaves the domain pending", async () => {
    const owner = await ownerWithPendingDomain();
    const other = await ownerWithPendingDomain(owner.domain);
    dns.publish(
      owner.record.name,
      [other.record.value],
      ['v=spf1 -all'],
      [`${owner.record.value}x`],
    );
    const res = await verify(owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOMAIN_MESSAGES.recordWrong(owner.record.name));
    expect(await statusOf(owner.cookie)).toBe('pending');
  });

  it('verifies with the right record (also split into several strings, among others), then says so', async () => {
    const owner = await ownerWithPendingDomain();
    const half = Math.floor(owner.record.value.length / 2);
    dns.publish(
      owner.record.name,
      ['google-site-verification=abc'],
      [owner.record.value.slice(0, half), owner.record.value.slice(half)],
    );
    const res = await verify(owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Custom domain verified',
      branding: {
        customDomain: owner.domain,
        customDomainStatus: 'verified',
        customDomainRecord: null,
      },
    });
    expect(Date.parse(res.json().branding.customDomainVerifiedAt)).toBeGreaterThan(0);
    // Verifying again changes nothing and looks nothing up.
    const lookups = dns.lookups.length;
    expect((await verify(owner.cookie)).statusCode).toBe(200);
    expect(dns.lookups.length).toBe(lookups);
  });

  it.each([
    ['a server failure', dnsError('ESERVFAIL')],
    ['a refused query', dnsError('EREFUSED')],
    ['a timeout', dnsError('ETIMEOUT')],
    ['an odd error', new Error('boom')],
  ])('answers 400 with a try-again message on %s (never a 500)', async (_name, error) => {
    const owner = await ownerWithPendingDomain();
    dns.fail(owner.record.name, error);
    const res = await verify(owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DOMAIN_MESSAGES.lookupFailed(owner.record.name));
    expect(await statusOf(owner.cookie)).toBe('pending');
  });

  it('gives up on a lookup that never answers (the service bounds it in time)', async () => {
    const owner = await ownerWithPendingDomain();
    dns.hang(owner.record.name);
    const service = brandingService({
      repo: brandingRepository(t.database.db),
      store: undefined as never,
      appHosts: ['app.cadence.test'],
      resolveTxt: dns.resolver,
      now: Date.now,
      lookupTimeoutMs: 50,
      publicGyms: { invalidate: async () => undefined },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    await expect(service.verifyDomain(row!)).rejects.toMatchObject({
      statusCode: 400,
      message: DOMAIN_MESSAGES.lookupFailed(owner.record.name),
    });
  });

  it('reads only a bounded number of records, of bounded length', async () => {
    const owner = await ownerWithPendingDomain();
    const junk = Array.from({ length: 60 }, (_, i) => [`junk-${i}`]);
    dns.publish(owner.record.name, ...junk, [owner.record.value]);
    expect((await verify(owner.cookie)).json().message).toBe(
      DOMAIN_MESSAGES.recordWrong(owner.record.name),
    );

    const long = await ownerWithPendingDomain();
    dns.publish(long.record.name, [long.record.value, ' '.repeat(2000)]);
    expect((await verify(long.cookie)).json().message).toBe(
      DOMAIN_MESSAGES.recordMissing(long.record.name),
    );
  });

  it(`limits attempts to ${VERIFY_LIMIT.max} per account and window, across its sessions`, async () => {
    const owner = await ownerWithPendingDomain();
    for (let i = 0; i < VERIFY_LIMIT.max; i++)
      expect((await verify(owner.cookie)).statusCode).toBe(400);
    const limited = await verify(owner.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(DOMAIN_MESSAGES.tooManyVerifies);
    // A second sign-in of the same account is the same account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect((await verify(sessionCookie(login))).statusCode).toBe(429);
    // Once the window has passed, the owner may try again.
    t.advance(VERIFY_LIMIT.windowMs);
    dns.publish(owner.record.name, [owner.record.value]);
    expect((await verify(owner.cookie)).statusCode).toBe(200);
  });

  it('resets verification when the domain changes, and keeps it when the same domain is saved again', async () => {
    const owner = await ownerWithPendingDomain();
    dns.publish(owner.record.name, [owner.record.value]);
    expect((await verify(owner.cookie)).statusCode).toBe(200);
    const put = (domain: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/branding/domain',
        headers: { cookie: owner.cookie },
        payload: { domain },
      });

    const same = await put(owner.domain.toUpperCase());
    expect(same.json().branding.customDomainStatus).toBe('verified');

    const moved = await put(`www.${owner.domain}`);
    expect(moved.json().branding).toMatchObject({
      customDomainStatus: 'pending',
      customDomainVerifiedAt: null,
    });
    expect(moved.json().branding.customDomainRecord.value).not.toBe(owner.record.value);
    // Moving back needs a new proof too: the old token is gone.
    const back = await put(owner.domain);
    expect(back.json().branding.customDomainStatus).toBe('pending');
    expect(back.json().branding.customDomainRecord.value).not.toBe(owner.record.value);
  });

  it('lets the first owner to verify a domain have it; a pending claim does not block them', async () => {
    const domain = `shared-${Date.now().toString(36)}.example.com`;
    const squatter = await ownerWithPendingDomain(domain);
    const realOwner = await ownerWithPendingDomain(domain);
    dns.publish(realOwner.record.name, [realOwner.record.value]);
    expect((await verify(realOwner.cookie)).statusCode).toBe(200);

    // The squatter cannot verify it now, even with its own record published too.
    dns.publish(squatter.record.name, [squatter.record.value]);
    const late = await verify(squatter.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DOMAIN_MESSAGES.taken);
    expect(await statusOf(squatter.cookie)).toBe('pending');
  });

  it('lets the database refuse a second verified owner of a domain (two verifications racing)', async () => {
    const domain = `race-${Date.now().toString(36)}.example.com`;
    const a = await ownerWithPendingDomain(domain);
    const b = await ownerWithPendingDomain(domain);
    dns.publish(a.record.name, [a.record.value], [b.record.value]);
    const results = await Promise.all([verify(a.cookie), verify(b.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
