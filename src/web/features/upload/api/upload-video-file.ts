import { queryOptions } from '@tanstack/react-query';
import * as tus from 'tus-js-client';
import { OBJECT_URL_HEADER, uploadEndpoints } from '@shared/uploads.contract';
import { VIDEO_MESSAGES } from '@shared/videos.contract';
import { apiUrl } from '@web/lib/api';
import type { UploadProblem } from '../upload-state';
import { messageFromBody } from './upload-step-error';

/** Where tus creates the upload (POST); the server names each upload's own address. */
const TUS_URL = apiUrl(uploadEndpoints.tusCreate);
/** Each PATCH carries at most this much, so proxies with body limits are no obstacle. */
const CHUNK_SIZE = 64 * 1024 * 1024;
/** Gym wifi drops out: keep retrying for a good while before giving up. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000];

/** Why a transfer ended without the file, in the words the screen shows. */
export class TransferError extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.message);
    this.name = 'TransferError';
  }
}

export interface VideoUpload {
  /** Resolves with the stored address of the finished file; rejects with a TransferError. */
  done: Promise<string>;
  /**
   * Stops sending. What arrived stays on the server, so picking the file again resumes from there;
   * with `discard`, the server's copy is deleted too (its place under the upload caps is freed).
   */
  abort(discard?: boolean): void;
  /** Once the file is a video: this browser no longer offers it for a resume. */
  forget(): Promise<void>;
}

/**
 * The video file through tus: resumable across dropped connections (automatic retries) and page
 * reloads (the same file picked again continues where the last attempt stopped: tus keeps the
 * upload's address in localStorage under the file's name, type, size and date).
 */
export function uploadVideoFile(
  file: File,
  onProgress: (sent: number, total: number) => void,
): VideoUpload {
  let upload: tus.Upload | undefined;
  let aborted = false;
  const done = new Promise<string>((resolve, reject) => {
    upload = new tus.Upload(file, {
      endpoint: TUS_URL,
      metadata: { filename: file.name, filetype: file.type },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      // Kept until the video is created (forget()): a sent file whose details never got saved (a
      // reload, a closed tab) is offered again, and picking it finishes at once from the server's copy.
      removeFingerprintOnSuccess: false,
      onProgress,
      onSuccess: ({ lastResponse }) => {
        const address = lastResponse.getHeader(OBJECT_URL_HEADER);
        if (address) resolve(address);
        else reject(new TransferError(transferProblem(null)));
      },
      onError: (error) => reject(new TransferError(transferProblem(error))),
    });
    const started = upload;
    void started
      .findPreviousUploads()
      .then((previous) => {
        if (aborted) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) started.resumeFromPreviousUpload(latest);
        started.start();
      })
      .catch(() => started.start());
  });
  return {
    done,
    abort(discard = false) {
      aborted = true;
      void upload?.abort(discard).catch(() => {});
    },
    async forget() {
      const storage = tus.defaultOptions.urlStorage;
      const entries = (await upload?.findPreviousUploads().catch(() => [])) ?? [];
      await Promise.all(entries.map((entry) => storage.removeUpload(entry.urlStorageKey)));
    },
  };
}

/** What the screen says about a failed tus request (product.md §8 messages, the server's reason). */
export function transferProblem(error: Error | null): UploadProblem {
  const detailed = error as tus.DetailedError | null;
  const creating = detailed?.originalRequest?.getMethod() === 'POST';
  const status = detailed?.originalResponse?.getStatus() ?? 0;
  const detail = messageFromBody(detailed?.originalResponse?.getBody());
  const message = creating ? VIDEO_MESSAGES.failedUploadUrl : VIDEO_MESSAGES.failedUploadVideo;
  // tus retries what a connection or a busy server may fix; a 4xx it gives up on is an answer.
  const refused = status >= 400 && status < 500;
  return { kind: refused ? 'refused' : 'connection', message, detail };
}

/**
 * An upload this browser started earlier that never became a video (a reload, a closed tab): part
 * of the file is on the server, or all of it with the details never saved.
 */
export interface InterruptedUpload {
  /** tus's key for it in localStorage. */
  key: string;
  url: string;
  fileName: string;
  size: number;
  /** Bytes the server holds. */
  sent: number;
}

/**
 * The signed-in owner's unfinished uploads this browser remembers, with what the server holds of
 * each (a HEAD per upload: the server answers only for its owner's own, so another account's
 * uploads on a shared computer stay hidden). tus needs the File again to continue one.
 */
export async function findInterruptedUploads(): Promise<InterruptedUpload[]> {
  let stored: tus.PreviousUpload[];
  try {
    stored = await tus.defaultOptions.urlStorage.findAllUploads();
  } catch {
    return [];
  }
  const found = await Promise.all(
    stored.map(async (entry): Promise<InterruptedUpload | null> => {
      if (!entry.uploadUrl) return null;
      try {
        const res = await fetch(entry.uploadUrl, {
          method: 'HEAD',
          credentials: 'same-origin',
          headers: { 'Tus-Resumable': '1.0.0' },
        });
        const sent = Number(res.headers.get('upload-offset'));
        const size = Number(res.headers.get('upload-length') ?? entry.size);
        if (!res.ok || !Number.isFinite(sent) || !Number.isFinite(size)) return null;
        return {
          key: entry.urlStorageKey,
          url: entry.uploadUrl,
          fileName: entry.metadata.filename ?? 'video',
          size,
          sent,
        };
      } catch {
        return null;
      }
    }),
  );
  return found.filter((upload): upload is InterruptedUpload => upload !== null);
}

/** The interrupted uploads, asked for when the upload screen opens with nothing in progress. */
export const interruptedUploadsQuery = queryOptions({
  queryKey: ['uploads', 'interrupted'] as const,
  queryFn: findInterruptedUploads,
  staleTime: 0,
});

/** Forgets an interrupted upload and deletes what the server holds of it (its place is freed). */
export async function discardInterruptedUpload(upload: InterruptedUpload): Promise<void> {
  await tus.Upload.terminate(upload.url, { retryDelays: [] }).catch(() => {});
  await tus.defaultOptions.urlStorage.removeUpload(upload.key).catch(() => {});
}
