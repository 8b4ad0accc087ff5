import {
  VIDEO_MESSAGES,
  VIDEOS_PATH,
  type UploadRequest,
  type VideoResponse,
} from '@shared/videos.contract';
import { apiJson } from '@web/lib/api';
import { serverReason, UploadStepError } from './upload-step-error';

/** POST /api/auth/videos with the spec's upload request (§3). */
export async function createVideo(request: UploadRequest): Promise<VideoResponse> {
  try {
    return await apiJson<VideoResponse>('POST', VIDEOS_PATH, request);
  } catch (error) {
    throw new UploadStepError(serverReason(error) ?? VIDEO_MESSAGES.unexpected);
  }
}
