import * as tus from 'tus-js-client';
import { OBJECT_URL_HEADER, uploadEndpoints } from '@shared/uploads.contract';
import { VIDEO_MESSAGES } from '@shared/videos.contract';
import { apiUrl } from '@web/lib/api';
import { messageFromBody, UploadStepError } from './upload-step-error';

/** Where tus creates the upload (POST); the server names each upload's own address. */
const TUS_URL = apiUrl(uploadEndpoints.tusCreate);
/** Each PATCH carries at most this much, so proxies with body limits are no obstacle. */
const CHUNK_SIZE = 64 * 1024 * 1024;
/** Gym wifi drops out: keep retrying for a good while before giving up. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000];

export interface VideoUpload {
  /** Resolves with the stored address of the finished file. */
  done: Promise<string>;
  /** Stops sending; what arrived stays on the server, so the next try resumes from there. */
  abort(): void;
}

/**
 * The video file through tus: resumable across dropped connections (automatic retries) and page
 * reloads (the same file picked again continues where the last attempt stopped).
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
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: ({ lastResponse }) => {
        const address = lastResponse.getHeader(OBJECT_URL_HEADER);
        if (address) resolve(address);
        else reject(new UploadStepError(VIDEO_MESSAGES.failedUploadVideo));
      },
      onError: (error) => reject(toStepError(error)),
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
    abort() {
      aborted = true;
      void upload?.abort();
    },
  };
}

/** Whether an earlier attempt at this very file can be continued. */
export async function hasResumableUpload(file: File): Promise<boolean> {
  const probe = new tus.Upload(file, { endpoint: TUS_URL });
  try {
    return (await probe.findPreviousUploads()).length > 0;
  } catch {
    return false;
  }
}

function toStepError(error: Error): UploadStepError {
  const detailed = error as tus.DetailedError;
  const creating = detailed.originalRequest?.getMethod() === 'POST';
  const detail = messageFromBody(detailed.originalResponse?.getBody());
  return new UploadStepError(
    creating ? VIDEO_MESSAGES.failedUploadUrl : VIDEO_MESSAGES.failedUploadVideo,
    detail,
  );
}
