import { ApiError } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';

/** product.md §8 Settings: the success and failure toasts of every settings save. */
export function settingsSaved(): void {
  toast({
    title: 'Settings updated',
    description: 'Your profile settings have been saved successfully.',
  });
}

export function settingsFailed(): void {
  toast({
    title: 'Error',
    description: 'Failed to update settings. Please try again.',
    variant: 'destructive',
  });
}

/** The server's per-field messages from a 400 `{ message, errors: [{ field, message }] }`. */
export function fieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const parsed = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(parsed.errors)) return [];
    return parsed.errors.filter(
      (e): e is { field: string; message: string } =>
        typeof e === 'object' &&
        e !== null &&
        typeof e.field === 'string' &&
        typeof e.message === 'string',
    );
  } catch {
    return [];
  }
}
