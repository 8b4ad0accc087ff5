import { storedAddress, uploadEndpoints } from '@shared/uploads.contract';
import { VIDEO_MESSAGES } from '@shared/videos.contract';
import { api } from '@web/lib/api';
import { messageFromBody, serverReason, UploadStepError } from './upload-step-error';

/**
 * The logo the product's way (§7): POST /api/objects/upload for a pre-signed URL, then one raw PUT.
 * Answers the stored address (the URL without its query string).
 */
export async function uploadLogoFile(file: File, signal?: AbortSignal): Promise<string> {
  let uploadURL: string;
  try {
    ({ uploadURL } = await api(uploadEndpoints.uploadUrl));
  } catch (error) {
    throw new UploadStepError(VIDEO_MESSAGES.failedLogoUploadUrl, serverReason(error));
  }
  let res: Response;
  try {
    res = await fetch(uploadURL, {
      method: 'PUT',
      body: file,
      headers: file.type ? { 'Content-Type': file.type } : {},
      signal,
    });
  } catch {
    throw new UploadStepError(VIDEO_MESSAGES.failedUploadLogo);
  }
  if (!res.ok)
    throw new UploadStepError(VIDEO_MESSAGES.failedUploadLogo, messageFromBody(await res.text()));
  return storedAddress(uploadURL);
}
