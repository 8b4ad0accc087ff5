/**
 * The app as the serve bench's server: its own process (its CPU is its own), local storage under
 * the DATA_DIR it is given, PGlite in memory or a fresh database on DATABASE_URL's server. Adds one owner and one enhanced
 * class whose id and HLS version the bench chose (the bench wrote the files), and prints
 * {"port": n} when listening. TRUST_PROXY=1: each simulated rider comes from its own address
 * (X-Forwarded-For), as riders behind a load balancer do, so the per-address beacon limit applies
 * per rider.
 */
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { users } from '../../src/server/db/schema/users';
import { videos } from '../../src/server/db/schema/videos';
import { mediaUrls } from '../../src/server/media/media-paths';
import { freshDatabase } from '../../src/server/test/harness';

const { VIDEO_ID = '', HLS_VERSION = '', GYM_SLUG = '' } = process.env;
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  STORAGE: 'local',
  TRUST_PROXY: '1',
  DATA_DIR: process.env.DATA_DIR ?? '',
});
// A database of its own (on PostgreSQL: created here, dropped at the end).
const database = await freshDatabase();
const [owner] = await database.db
  .insert(users)
  .values({ email: `${GYM_SLUG}@bench.example`, password: 'x', companySlug: GYM_SLUG })
  .returning({ id: users.id });
await database.db.insert(videos).values({
  id: VIDEO_ID,
  userId: owner!.id,
  title: 'Hill Climb',
  originalFileName: 'hill-climb.mov',
  originalFileUrl: '/api/objects/uploads/bench/1',
  fileSize: '1000000',
  processingStatus: 'enhanced',
  hlsUrl: mediaUrls.hls(VIDEO_ID, HLS_VERSION),
  thumbnailUrl: mediaUrls.thumbnail(VIDEO_ID),
  duration: '2700',
});
const app = await buildApp({ config, database, web: 'none' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.dispose())
    .then(() => process.exit(0));
});
