import { ApiError } from '@web/lib/api';

/** A failed step of the upload, in the product's words (docs/product.md) (§8), with the server's reason when it gave one. */
export class UploadStepError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'UploadStepError';
  }
}

/** The `{ message }` of a JSON error body, if that is what the body is. */
export function messageFromBody(body: string | undefined | null): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

export function serverReason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
