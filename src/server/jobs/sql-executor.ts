import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

/** pg-boss's `db` option: one method that runs SQL (one statement with values, or a script). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss wraps its maintenance scripts in an explicit transaction: "BEGIN; ...; COMMIT;". The
 * statements in between, or null for any other text (by string steps: no backtracking).
 */
export function explicitTransactionBody(text: string): string | null {
  const withoutSemicolon = (s: string) => (s.endsWith(';') ? s.slice(0, -1).trimEnd() : s);
  const trimmed = text.trim();
  const begin = /^BEGIN\s*;/i.exec(trimmed);
  if (!begin) return null;
  const rest = withoutSemicolon(trimmed.slice(begin[0].length).trimEnd());
  if (rest.slice(-6).toUpperCase() !== 'COMMIT') return null;
  return withoutSemicolon(rest.slice(0, -6).trimEnd());
}

/**
 * The one PGlite instance the API uses, shared with pg-boss. Parameterised statements go through
 * `query`; scripts through `exec`, answering the rows of all their statements (as pg-boss's own
 * driver does). A script that opens its own transaction runs inside PGlite's transaction()
 * instead, so a failure rolls back rather than leaving the single shared connection in an aborted
 * transaction (which would fail every later query of the app).
 */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values as unknown[]);
        return { rows: result.rows };
      }
      const body = explicitTransactionBody(text);
      const results =
        body !== null ? await client.transaction((tx) => tx.exec(body)) : await client.exec(text);
      return { rows: results.flatMap((r) => r.rows) as Record<string, unknown>[] };
    },
  };
}

/**
 * The app's pg pool, shared with pg-boss. A script with its own transaction gets a dedicated client
 * that is rolled back on failure before it returns to the pool.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      if ((values && values.length > 0) || explicitTransactionBody(text) === null) {
        const result = await pool.query(text, values as unknown[] | undefined);
        return { rows: allRows(result) };
      }
      const client = await pool.connect();
      try {
        const result = await client.query(text);
        return { rows: allRows(result) };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * A multi-statement script answers an array of results: their rows in order, as pg-boss's own
 * driver unwraps them (a RETURNING before the COMMIT is not lost).
 */
function allRows(result: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[] {
  const results = Array.isArray(result) ? result : [result];
  return results.flatMap((r) => r.rows ?? []) as Record<string, unknown>[];
}

export function executorFor(database: Database): SqlExecutor {
  if (database.kind === 'pglite' && database.pglite) return pgliteExecutor(database.pglite);
  if (database.pool) return poolExecutor(database.pool);
  throw new Error('the database has neither a PGlite instance nor a pool');
}
