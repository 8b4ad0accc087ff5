import type { FastifyBaseLogger } from 'fastify';
import type { MediaTools } from '../media/ffmpeg';
import type { DetectedTempo } from '../media/tempo';
import type { VideoLifecycle } from '../modules/videos/lifecycle';
import type { ObjectStore } from '../storage/object-store';

/**
 * What the rest of the app calls to queue media work. Each call is idempotent: a job already
 * waiting for the same video is not queued twice, and a job that finds nothing to do completes.
 */
export interface MediaJobs {
  /** Probe, stills and the instant preview of a new video (then `enhance` when AUTO_ENHANCE is on). */
  ingest(videoId: string): Promise<void>;
  /**
   * Automatic enhancement ('Start AI Enhancement'). The job takes a video that is 'uploaded' (and
   * moves it to 'processing') or already 'processing' (an admin moved it); it leaves 'enhanced' and
   * 'failed' videos alone.
   */
  enhance(videoId: string): Promise<void>;
  /**
   * The HLS ladder of the video's current enhanced file (after 'Upload Enhanced', or after
   * enhancement). The job needs the video 'enhanced' with an enhancedKey.
   */
  package(videoId: string): Promise<void>;
  /**
   * After a plan upgrade: the ladder again from the kept enhanced file, in the low band (after every
   * other waiting job), so the plan's new top rung appears; riders play the current ladder meanwhile.
   * Also the worker's sweep for classes without an offline file: when the ladder already tops at
   * what the plan allows, the job only remuxes the missing offline file (decision 0047).
   */
  repackage(videoId: string): Promise<void>;
}

export interface MediaJobDeps {
  /** The videos module's lifecycle: every status change and media field a job writes. */
  lifecycle: VideoLifecycle;
  store: ObjectStore;
  tools: MediaTools;
  /** Where jobs keep working files (DATA_DIR/tmp/media). */
  tempRoot: string;
  autoEnhance: boolean;
  /** For a job to queue the next one. */
  jobs: MediaJobs;
  log: FastifyBaseLogger;
  now: () => Date;
  /**
   * Stores the tempo ingest detected in a class's music, replacing any (the ride track's
   * repository). Absent: ingest does not detect the tempo.
   */
  saveTempo?: (videoId: string, tempo: DetectedTempo) => Promise<void>;
}
