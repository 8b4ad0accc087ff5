import { videoEndpoints, VIDEO_MESSAGES, type UploadRequest } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { serverReason, UploadStepError } from './upload-step-error';

/** POST /api/auth/videos with the product's upload request (§3). */
export async function createVideo(request: UploadRequest) {
  try {
    return await api(videoEndpoints.create, { body: request });
  } catch (error) {
    throw new UploadStepError(serverReason(error) ?? VIDEO_MESSAGES.unexpected);
  }
}
