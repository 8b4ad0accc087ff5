import type { PgBoss } from 'pg-boss';
import type { SqlExecutor } from './sql-executor';

/** Where pg-boss keeps its tables (`pgboss.job`, …). */
export const QUEUE_SCHEMA = 'pgboss';
/** Where a pg-boss 10 schema is set aside until its unfinished jobs are carried over. */
export const PG_BOSS_10_SCHEMA = 'pgboss_v10';

/** pg-boss 11 rewrote the schema (version 25); pg-boss 12 migrates only from there on. */
const FIRST_NEW_SCHEMA_VERSION = 25;
/** One process at a time sets the old schema aside (API and workers may start together). */
const LOCK = `pg_advisory_xact_lock(hashtext('cadence:pgboss-10-upgrade'))`;

/**
 * A database pg-boss 10 wrote (schema version 24) cannot be migrated by pg-boss 12, whose notes
 * advise moving the jobs across. So before pg-boss starts, its old schema is renamed out of the way
 * (one statement, under a lock); pg-boss then installs a fresh one. True when an old schema is
 * waiting for carryOverPgBoss10Jobs (also after a start that stopped half-way).
 */
export async function detachPgBoss10Schema(executor: SqlExecutor): Promise<boolean> {
  await executor.executeSql(`DO $$
    BEGIN
      PERFORM ${LOCK};
      IF to_regclass('${QUEUE_SCHEMA}.version') IS NOT NULL
         AND to_regnamespace('${PG_BOSS_10_SCHEMA}') IS NULL THEN
        IF (SELECT max(version) FROM ${QUEUE_SCHEMA}.version) < ${FIRST_NEW_SCHEMA_VERSION} THEN
          ALTER SCHEMA ${QUEUE_SCHEMA} RENAME TO ${PG_BOSS_10_SCHEMA};
        END IF;
      END IF;
    END $$`);
  const { rows } = await executor.executeSql(
    `SELECT to_regclass('${PG_BOSS_10_SCHEMA}.job') IS NOT NULL AS waiting`,
    [],
  );
  return rows[0]?.waiting === true;
}

interface OldJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date | string;
  singleton_key: string | null;
  expire_seconds: number;
}

/**
 * Sends the old schema's unfinished jobs (waiting, waiting to retry, and active ones: the pg-boss 10
 * processes are gone, so nobody runs them) to the new queues with their ids, data, settings, start
 * time and attempts made, then drops the old schema (finished jobs are history, kept in
 * video_events). Idempotent: an id already carried over is skipped, so two processes starting
 * together, or a start that stopped half-way, carry each job once. Answers how many were sent.
 */
export async function carryOverPgBoss10Jobs(
  executor: SqlExecutor,
  boss: PgBoss,
  names: readonly string[],
): Promise<number> {
  try {
    return await carryOver(executor, boss, names);
  } catch (error) {
    // Another process starting at the same time finished the carry-over and dropped the schema.
    if (isGone(error)) return 0;
    throw error;
  }
}

async function carryOver(
  executor: SqlExecutor,
  boss: PgBoss,
  names: readonly string[],
): Promise<number> {
  const { rows } = await executor.executeSql(
    `SELECT id, name, data, priority, retry_limit, retry_count, retry_delay, retry_backoff,
            start_after, singleton_key, GREATEST(1, EXTRACT(epoch FROM expire_in))::int AS expire_seconds
       FROM ${PG_BOSS_10_SCHEMA}.job
      WHERE name = ANY($1::text[]) AND state::text IN ('created', 'retry', 'active')
      ORDER BY state::text = 'active', created_on`,
    [names],
  );
  const jobs = rows as unknown as OldJob[];
  let sent = 0;
  for (const name of names) {
    const mine = jobs.filter((j) => j.name === name);
    if (mine.length === 0) continue;
    const ids = await boss.insert(
      name,
      mine.map((j) => ({
        id: j.id,
        data: j.data ?? {},
        priority: j.priority,
        retryLimit: j.retry_limit,
        retryDelay: j.retry_delay,
        retryBackoff: j.retry_backoff,
        startAfter: new Date(j.start_after),
        ...(j.singleton_key ? { singletonKey: j.singleton_key } : {}),
        expireInSeconds: j.expire_seconds,
      })),
    );
    sent += ids?.length ?? 0;
  }
  // Attempts already made still count (a job that keeps failing must end), the interrupted one of
  // an active job too, as a reclaim counts it; pg-boss's insert has no field for them. Only jobs not
  // fetched since are touched.
  await executor.executeSql(
    `UPDATE ${QUEUE_SCHEMA}.job AS j
        SET retry_count = LEAST(o.retry_limit, o.retry_count + CASE WHEN o.started_on IS NULL THEN 0 ELSE 1 END)
       FROM ${PG_BOSS_10_SCHEMA}.job AS o
      WHERE j.id = o.id AND j.name = o.name AND j.started_on IS NULL AND j.state = 'created'`,
    [],
  );
  await executor.executeSql(`DROP SCHEMA IF EXISTS ${PG_BOSS_10_SCHEMA} CASCADE`, []);
  return sent;
}

/** undefined_table or invalid_schema_name. */
function isGone(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '42P01' || code === '3F000';
}
