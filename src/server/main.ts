import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { createMediaPipeline, type MediaPipeline } from './jobs/media-pipeline';
import type { MediaJobs } from './jobs/media-jobs';
import { authService } from './modules/auth/auth.service';
import { usersRepository } from './modules/auth/users.repository';
import { openObjectStore } from './storage/create-object-store';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.admin) {
    await authService(usersRepository(database.db)).ensureAdmin(
      config.admin.email,
      config.admin.password,
    );
  }
  const store = await openObjectStore(config, Date.now);
  // The app queues through the pipeline, which logs through the app: bound once both exist.
  let pipelineReady: (pipeline: MediaPipeline) => void = () => {};
  const ready = new Promise<MediaPipeline>((resolve) => (pipelineReady = resolve));
  const media: MediaJobs = {
    ingest: async (id) => (await ready).jobs.ingest(id),
    enhance: async (id) => (await ready).jobs.enhance(id),
    package: async (id) => (await ready).jobs.package(id),
  };
  const app = await buildApp({
    config,
    database,
    objectStore: store,
    media,
    web: config.env === 'development' ? 'vite' : 'static',
    logger:
      config.env === 'development'
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });

  if (!config.appHostsConfigured && config.env === 'production') {
    app.log.warn(
      'APP_HOSTS and PUBLIC_URL are unset: only localhost and loopback addresses count as the app itself. Set one before connecting custom domains.',
    );
  }

  const pipeline = await createMediaPipeline({
    config,
    database,
    store,
    log: app.log.child({ area: 'media' }),
  });
  pipelineReady(pipeline);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await pipeline.stop();
      await app.close();
      await store.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.media.worker) {
    await pipeline.startWorker();
  } else if (database.kind === 'pglite') {
    app.log.warn('WORKER=off with the embedded database: no process will run media jobs');
  }
  app.log.info(
    {
      database: database.kind,
      dataDir: config.dataDir,
      admin: Boolean(config.admin),
      worker: config.media.worker,
      autoEnhance: config.media.autoEnhance,
    },
    'cadence ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
