import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import type { Database } from '@server/db/client';
import { videos, type VideoRow } from '@server/db/schema/videos';

export interface SeededOwner {
  id: string;
  email: string;
  password: string;
  cookie: string;
  slug: string;
}

/** Registers an owner and completes onboarding through the API. */
export async function onboardOwner(
  app: FastifyInstance,
  {
    email,
    companyName,
    slug,
    password = 'owner-pass-123',
  }: { email: string; companyName: string; slug: string; password?: string },
): Promise<SeededOwner> {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: 'Maya', lastName: 'Rider' },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const sid = reg.cookies.find((c) => c.name === 'cadence.sid');
  if (!sid) throw new Error('no session cookie');
  const cookie = `cadence.sid=${sid.value}`;
  const done = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie },
    payload: { companyName, companyType: 'gym', companySlug: slug },
  });
  if (done.statusCode !== 200)
    throw new Error(`onboarding failed: ${done.statusCode} ${done.body}`);
  return { id: reg.json().user.id, email, password, cookie, slug };
}

/**
 * Signs the page's browser context in as the owner. Without `baseUrl` it signs in through
 * POST /api/auth/login (a fresh session; the page must be on the app's origin; that route allows 10
 * tries per 15 minutes per owner). With `baseUrl` it gives the context the owner's registration
 * session cookie instead, so a test can open many pages as one owner.
 */
export async function signIn(
  page: Page,
  owner: Pick<SeededOwner, 'email' | 'password' | 'cookie'>,
  baseUrl?: string,
): Promise<void> {
  if (baseUrl) {
    const [name, ...value] = owner.cookie.split('=');
    await page
      .context()
      .addCookies([
        { name: name!, value: value.join('='), url: baseUrl, httpOnly: true, sameSite: 'Lax' },
      ]);
    return;
  }
  const res = await page.request.post('/api/auth/login', {
    data: { email: owner.email, password: owner.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
}

export type SeedStatus = 'uploaded' | 'processing' | 'enhanced' | 'failed';

export interface SeedVideo {
  title: string;
  status: SeedStatus;
  description?: string;
  /** Seconds; null: never measured (a file ingest could not read). */
  duration?: number | null;
  /** processingNotes: what the pipeline (or an admin) wrote, e.g. why the video failed. */
  notes?: string;
  /** Bytes. */
  fileSize?: number;
  /** Minutes before now, so the newest-first order is known. */
  minutesAgo?: number;
  thumbnail?: boolean;
  /** The running job's progress, 0-100. */
  progress?: number;
}

const HUES = [18, 210, 150, 280, 350, 190];

/** A small SVG poster as a data URL (the app's CSP allows data: images). */
function thumbnail(index: number, title: string): string {
  const hue = HUES[index % HUES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 45%)"/><stop offset="1" stop-color="hsl(${(hue! + 40) % 360} 70% 25%)"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/><circle cx="160" cy="90" r="28" fill="rgba(255,255,255,.25)"/><path d="M152 76 L174 90 L152 104 Z" fill="#fff"/><text x="16" y="164" font-family="sans-serif" font-size="14" fill="rgba(255,255,255,.85)">${title.replace(/[<&>]/g, '')}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Inserts videos for an owner straight into the `videos` table. */
export async function seedVideos(
  database: Database,
  userId: string,
  specs: SeedVideo[],
): Promise<VideoRow[]> {
  if (specs.length === 0) return [];
  const now = Date.now();
  const rows = specs.map((spec, index) => {
    const id = randomUUID();
    const ready = spec.status === 'enhanced';
    return {
      id,
      userId,
      title: spec.title,
      description: spec.description ?? null,
      originalFileName: `${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.mp4`,
      originalFileUrl: `/objects/originals/${id}.mp4`,
      enhancedFileUrl: ready ? `/objects/enhanced/${id}.mp4` : null,
      fileSize: String(spec.fileSize ?? 734_003_200),
      duration:
        spec.duration === undefined
          ? '2700'
          : spec.duration === null
            ? null
            : String(spec.duration),
      processingNotes: spec.notes ?? null,
      processingStatus: spec.status,
      uploadedAt: new Date(now - (spec.minutesAgo ?? index) * 60_000),
      enhancedAt: ready ? new Date(now) : null,
      thumbnailUrl: spec.thumbnail === false ? null : thumbnail(index, spec.title),
      progress: spec.progress ?? null,
    };
  });
  // Large seeds go in batches to stay under the parameter limit.
  const inserted: VideoRow[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    inserted.push(
      ...(await database.db
        .insert(videos)
        .values(rows.slice(i, i + 200))
        .returning()),
    );
  }
  return inserted;
}
