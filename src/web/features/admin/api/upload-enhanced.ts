import * as tus from 'tus-js-client';
import { adminEnhancedPath, type AdminVideoResponse } from '@shared/admin.contract';
import { OBJECT_URL_HEADER, TUS_ENDPOINT } from '@shared/uploads.contract';
import { apiJson } from '@web/lib/api';

/** Each PATCH carries at most this much, so proxies with body limits are no obstacle. */
const CHUNK_SIZE = 64 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** The file through tus (resumable: dropped connections retry); answers its stored address. */
function sendResumable(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: TUS_ENDPOINT,
      metadata: { filename: file.name, filetype: file.type || 'video/mp4' },
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        const address = lastResponse.getHeader(OBJECT_URL_HEADER);
        if (address) resolve(address);
        else reject(new Error('The upload finished without a stored address.'));
      },
      onError: reject,
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      })
      .catch(() => upload.start());
  });
}

/**
 * 'Upload Enhanced': the file goes up resumably, then POST /api/admin/videos/{id}/enhanced names it
 * (the server checks it is a video, stores it with the video and queues the packaging). The
 * multipart form of the same call (field 'enhanced', spec §7) serves API clients.
 */
export async function uploadEnhanced(
  videoId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminVideoResponse> {
  const uploadURL = await sendResumable(file, onProgress);
  return apiJson<AdminVideoResponse>('POST', adminEnhancedPath(videoId), { uploadURL });
}
