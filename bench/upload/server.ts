/**
 * The app as the upload bench's server: its own process (so its memory is measured alone), local
 * storage under the DATA_DIR it is given, an in-memory database. Prints {"port": n} when listening.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  STORAGE: 'local',
  DATA_DIR: process.env.DATA_DIR ?? '',
});
const database = await openDatabase({});
await database.migrate();
// The bench sends more uploads than one owner may have in progress (UPLOAD_QUOTA): it measures
// throughput, not the cap, so the cap is raised as the route tests do.
const uploadQuota = { maxOutstanding: 1000, maxReservedBytes: Number.MAX_SAFE_INTEGER };
const app = await buildApp({ config, database, web: 'none', uploadQuota });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
