import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { authService } from './modules/auth/auth.service';
import { usersRepository } from './modules/auth/users.repository';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(`config: ${line}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.admin) {
    await authService(usersRepository(database.db)).ensureAdmin(
      config.admin.email,
      config.admin.password,
    );
  }
  const app = await buildApp({
    config,
    database,
    web: config.env === 'development' ? 'vite' : 'static',
    logger:
      config.env === 'development'
        ? { level: config.logLevel, transport: { target: 'pino-pretty' } }
        : { level: config.logLevel },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
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
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, admin: Boolean(config.admin) },
    'cadence ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
