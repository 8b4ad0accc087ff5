import { buildApp } from './app';
import { buildServices, createLogger, processLogOptions } from './composition';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { startMetricsServer, type MetricsListener } from './metrics/metrics-server';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // One logger for the app's requests and the media pipeline, built before either.
  const log = createLogger(processLogOptions(config));
  // This process sends the app's email (the mail queue's worker), whatever WORKER says.
  const services = await buildServices({
    config,
    database,
    log,
    pipeline: true,
    mail: { worker: true },
  });
  const pipeline = services.pipeline!;
  if (config.admin) await services.auth.ensureAdmin(config.admin.email, config.admin.password);
  const app = await buildApp({
    config,
    database,
    services,
    web: config.env === 'development' ? 'vite' : 'static',
  });

  if (!config.appHostsConfigured && config.env === 'production') {
    app.log.warn(
      'APP_HOSTS and PUBLIC_URL are unset: only localhost and loopback addresses count as the app itself. Set one before connecting custom domains.',
    );
  }

  let metrics: MetricsListener | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await pipeline.stop();
      await metrics?.close();
      await app.close();
      await services.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Never on the public port: its own listener, on loopback unless METRICS_HOST says otherwise.
  // First, so a port in use stops the start before the app takes requests or jobs.
  if (config.metrics) metrics = await startMetricsServer(services.metrics, config.metrics, app.log);
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
