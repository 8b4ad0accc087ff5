import { LOGO_MESSAGES } from '@shared/branding.contract';
import { LOGO_MAX_BYTES } from '@shared/videos.contract';
import { ApiError } from './api';

export interface FileProblem {
  title: string;
  description: string;
}

/** product.md §5 Branding logo: image/* and at most 5 MB (the server checks the content again). */
export function checkLogoFile(file: Pick<File, 'type' | 'size'>): FileProblem | null {
  if (!file.type.startsWith('image/')) {
    return {
      title: LOGO_MESSAGES.invalidTypeTitle,
      description: LOGO_MESSAGES.invalidTypeDescription,
    };
  }
  if (file.size > LOGO_MAX_BYTES) {
    return { title: LOGO_MESSAGES.tooLargeTitle, description: LOGO_MESSAGES.tooLargeDescription };
  }
  return null;
}

/**
 * Why a logo upload failed, as the owner is told: the server's reason for this file (type, size,
 * unsafe SVG, the plan), else the product's words (docs/product.md).
 */
export function logoUploadFailure(error: unknown): FileProblem {
  const specific =
    error instanceof ApiError && error.status < 500 && error.status !== 401
      ? error.serverMessage
      : undefined;
  return {
    title: LOGO_MESSAGES.uploadFailedTitle,
    description: specific ?? LOGO_MESSAGES.uploadFailedDescription,
  };
}
