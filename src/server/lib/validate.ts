import type { z } from 'zod';
import { ValidationError } from './errors';

/**
 * Parses input with a shared contract. The first problem becomes the message (in the spec's words,
 * which live in the schema); every problem is listed by field under `errors`.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  throw new ValidationError(errors[0]?.message ?? 'Invalid request', { errors });
}
