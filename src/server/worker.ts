/**
 * `npm run worker`: a media worker process beside the API, for PostgreSQL deployments. Any number
 * may run (each takes MEDIA_CONCURRENCY heavy jobs at a time); they share the queue in the database
 * and the object store (S3, or a DATA_DIR on a shared disk).
 */
import { buildServices, createLogger, processLogOptions } from './composition';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { startMetricsServer, type MetricsListener } from './metrics/metrics-server';

export const EMBEDDED_DATABASE_MESSAGE =
  'npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database only one process may ' +
  'open it: npm start runs the worker itself (WORKER=on, the default).';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(EMBEDDED_DATABASE_MESSAGE);
    process.exit(1);
  }
  // The logger the API uses, without serving anything.
  const log = createLogger(processLogOptions(config)).child({ process: 'worker' });

  const database = await openDatabase({ url: config.databaseUrl });
  await database.migrate();
  // The same composition as the API's, for its media pipeline (the worker serves no routes).
  const services = await buildServices({ config, database, log, pipeline: true });
  const pipeline = services.pipeline!;

  let metrics: MetricsListener | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    try {
      await pipeline.stop();
      await metrics?.close();
      await services.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Its own listener (give each worker its own METRICS_PORT): jobs, ffmpeg speed, queue, pool.
  // Before any job is taken, so a port in use stops the start, not a worker halfway into a job.
  if (config.metrics) metrics = await startMetricsServer(services.metrics, config.metrics, log);
  await pipeline.startWorker();
  log.info(
    { concurrency: config.media.concurrency, autoEnhance: config.media.autoEnhance },
    'worker ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
