import { createHash } from 'node:crypto';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * The tests' databases start from a migrated template made once per set of migrations, not from
 * an empty one: an empty PGlite runs initdb (about 3 s here) where one loaded from a dump starts in
 * well under one, and a PostgreSQL database copied from a migrated template skips the migrations.
 * A change to any migration (or to PGlite) names a new template.
 */

/**
 * A migrated PGlite data directory, dumped once into the system's temp folder and shared by every
 * test file through it (read once per worker).
 */
export function pgliteTemplate(): Promise<Blob> {
  if (!pgliteDump) {
    pgliteDump = loadOrMakePgliteTemplate();
    pgliteDump.catch(() => (pgliteDump = undefined));
  }
  return pgliteDump;
}

let pgliteDump: Promise<Blob> | undefined;

async function loadOrMakePgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `cadence-pglite-${await templateKey()}.tar`);
  const stored = await readFile(file).catch(() => null);
  if (stored) return new Blob([stored]);
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    // Written aside and renamed, so a file read by another worker meanwhile is whole or absent.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

const TEMPLATE_PREFIX = 'cadence_template_';

/**
 * The name of a migrated database on the server to copy (`CREATE DATABASE … TEMPLATE`), made under
 * an advisory lock by the first worker that needs it; templates of older migrations are dropped.
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let made = madeTemplates.get(serverUrl);
  if (!made) {
    made = makePostgresTemplate(serverUrl);
    madeTemplates.set(serverUrl, made);
    made.catch(() => madeTemplates.delete(serverUrl));
  }
  return made;
}

const madeTemplates = new Map<string, Promise<string>>();

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(hashtext('cadence test template'))`);
    const found = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${TEMPLATE_PREFIX}%`,
    ]);
    const names = found.rows.map((row: { datname: string }) => row.datname);
    if (names.includes(name)) return name;
    for (const old of names) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(old)} WITH (FORCE)`);
    }
    // Migrated under a working name and renamed, so a template that exists is a whole one.
    const working = `${name}_making`;
    await admin.query(`DROP DATABASE IF EXISTS ${working} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${working}`);
    const url = new URL(serverUrl);
    url.pathname = `/${working}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${working} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query(`SELECT pg_advisory_unlock(hashtext('cadence test template'))`);
    await admin.end();
  }
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package's entry is dist/index.*: its package.json (not exported) is one folder up.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  const names = (await readdir(migrationsFolder)).filter((name) => name.endsWith('.sql')).sort();
  for (const name of [...names, 'meta/_journal.json']) {
    hash.update(name);
    hash.update(await readFile(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
