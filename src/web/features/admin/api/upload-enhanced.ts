import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as tus from 'tus-js-client';
import { adminEndpoints } from '@shared/admin.contract';
import { OBJECT_URL_HEADER, uploadEndpoints } from '@shared/uploads.contract';
import { api, apiUrl } from '@web/lib/api';
import { refreshAdminVideos } from './admin-videos';

/** Where tus creates the upload (POST); the server names each upload's own address. */
const TUS_URL = apiUrl(uploadEndpoints.tusCreate);
/** Each PATCH carries at most this much, so proxies with body limits are no obstacle. */
const CHUNK_SIZE = 64 * 1024 * 1024;
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** The file through tus (resumable: dropped connections retry); answers its stored address. */
function sendResumable(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: TUS_URL,
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

export interface EnhancedUpload {
  videoId: string;
  file: File;
  /** The share of the file sent, 0 to 1. */
  onProgress: (fraction: number) => void;
}

/**
 * 'Upload Enhanced': the file goes up resumably, then POST /api/admin/videos/{id}/enhanced names it
 * (the server checks it is a video, stores it with the video and queues the packaging). The
 * multipart form of the same call (field 'enhanced', product.md §7) serves API clients.
 */
export function useUploadEnhanced() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, file, onProgress }: EnhancedUpload) => {
      const uploadURL = await sendResumable(file, onProgress);
      return api(adminEndpoints.enhanced, { params: { id: videoId }, body: { uploadURL } });
    },
    onSettled: () => refreshAdminVideos(queryClient),
  });
}
