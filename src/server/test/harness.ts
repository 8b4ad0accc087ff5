import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { users } from '../db/schema/users';
import { videos } from '../db/schema/videos';
import { pgliteTemplate, postgresTemplate } from './database-template';
import { eq } from 'drizzle-orm';
import type { PlanId } from '@shared/plans';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (dropped again at close). Both start from a migrated
 * template (database-template.ts); the migrations still run, finding nothing to do.
 */
export async function freshDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ template: await pgliteTemplate() });
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = `cadence_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(serverUrl)}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's clock. */
  now(): number;
  /** Moves the app's clock (forward; back too, to hold it still while real time passes). */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment variables for loadConfig (e.g. STORAGE=s3 and the S3_* settings). */
  env?: Record<string, string>;
  /** Extra dependencies for buildApp (e.g. onVideoCreated). */
  deps?: Partial<AppDeps>;
}

/** Test files register many owners from one address: sign-up limits out of the way (tested apart). */
const MANY_SIGN_UPS = {
  perIp: { max: 100_000, windowMs: 60_000 },
  takenPerIp: { max: 100_000, windowMs: 60_000 },
};

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  let offset = 0;
  const now = () => Date.now() + offset;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-test',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    web: 'none',
    now,
    signUpLimits: MANY_SIGN_UPS,
    // Every answer a route test gets has been checked against its endpoint's response schema.
    checkResponses: true,
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    now,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'cadence.sid');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} response`);
  return `cadence.sid=${cookie.value}`;
}

let counter = 0;
export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

export async function registerOwner(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string }> = {},
): Promise<{ cookie: string; email: string; password: string; id: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, firstName: 'Sam', lastName: 'Rider' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { cookie: sessionCookie(res), email, password, id: res.json().user.id };
}

/** Puts an account on a plan directly, as an admin's grant would (billing has its own tests). */
export async function setPlan(database: Database, userId: string, plan: PlanId): Promise<void> {
  await database.db.update(users).set({ plan }).where(eq(users.id, userId));
}

/** A registered owner who finished onboarding ('Iron Spin' at a fresh slug), on `plan`. */
export async function onboardedGym(
  t: Pick<TestApp, 'app' | 'database'>,
  plan: PlanId,
): Promise<Awaited<ReturnType<typeof registerOwner>> & { slug: string }> {
  const owner = await registerOwner(t.app);
  const slug = `gym-${randomBytes(5).toString('hex')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: { companyName: 'Iron Spin', companyType: 'gym', companySlug: slug },
  });
  if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.statusCode} ${res.body}`);
  await setPlan(t.database, owner.id, plan);
  return { ...owner, slug };
}

/** A request as `caller` (their session; null: signed out) with a JSON `payload` and more headers. */
export function injectAs(
  t: Pick<TestApp, 'app'>,
  caller: { cookie: string } | null,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(caller ? { cookie: caller.cookie } : {}), ...headers },
    payload: payload as object,
  });
}

/** A class made straight in the table (no files): enhanced, 30 minutes, unless `extra` says else. */
export async function insertClass(
  t: Pick<TestApp, 'database'>,
  ownerId: string,
  extra: Partial<typeof videos.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    userId: ownerId,
    title: 'Hill Climb',
    originalFileName: `${id}.mp4`,
    originalFileUrl: `/api/objects/uploads/${ownerId}/${id}`,
    fileSize: '1000',
    duration: '1800',
    processingStatus: 'enhanced',
    ...extra,
  });
  return id;
}

/** A multipart body holding one file in `field`, and its Content-Type header. */
export function multipartFile(field: string, fileName: string, type: string, bytes: Buffer) {
  const boundary = `----cadence${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
