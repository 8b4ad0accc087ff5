import type { UploadQuota } from '@shared/uploads.contract';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Guards } from '../../plugins/guards';
import type { ObjectStore } from '../../storage/object-store';
import { createTusServer } from '../uploads/tus.server';
import { uploadsRepository } from '../uploads/uploads.repository';
import { uploadsRoutes } from '../uploads/uploads.routes';
import { uploadsService } from '../uploads/uploads.service';
import { videosRepository } from './videos.repository';
import { videosRoutes } from './videos.routes';
import { videosService, type OnVideoCreated } from './videos.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface Deps {
  config: Pick<Config, 'dataDir'>;
  database: Database;
  guards: Guards;
  store: ObjectStore;
  now: () => number;
  /** The seam where the media pipeline enqueues processing of a new video. */
  onVideoCreated?: OnVideoCreated;
  /** What one owner's unfinished uploads may hold (default UPLOAD_QUOTA). */
  uploadQuota?: UploadQuota;
}

/**
 * Uploads (pre-signed PUT, tus, signed object links) and the owner's video routes, wired together,
 * with the hourly sweep of uploads never attached to a video.
 */
export function registerVideoUploads(app: FastifyInstance, deps: Deps) {
  const { database, guards, store, now } = deps;
  const tus = createTusServer({
    store,
    stagingDir: path.join(deps.config.dataDir, 'tus'),
    // Runs only once requests flow, after `uploads` below exists.
    onComplete: (key, size) => uploads.markComplete(key, size),
  });
  const uploads = uploadsService({
    repo: uploadsRepository(database.db),
    store,
    now,
    staging: tus.staging,
    quota: deps.uploadQuota,
  });
  const videos = videosService({
    repo: videosRepository(database.db),
    uploads,
    store,
    now,
    log: app.log,
    onVideoCreated: deps.onVideoCreated,
  });

  uploadsRoutes(app, { uploads, store, tus, guards, videoSlotsLeft: videos.videoSlotsLeft });
  videosRoutes(app, { videos, guards });

  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = uploads
      .sweep()
      .catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    sweeper = setInterval(sweep, SWEEP_EVERY_MS);
    sweeper.unref();
  });
  // Closing waits for a sweep under way, so the database is never closed under it.
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });

  return { uploads, videos };
}
