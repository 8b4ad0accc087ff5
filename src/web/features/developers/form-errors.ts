import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { failureMessage, fieldErrors } from '@web/lib/api';

/**
 * A refused save in the server's words: each field's message under its field, anything else (the
 * plan's lock, the account's limit) under the form.
 */
export function showFailure<T extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<T>>,
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  const problems = fieldErrors(error).filter((p) =>
    (fields as readonly string[]).includes(p.field),
  );
  for (const [index, { field, message }] of problems.entries()) {
    setError(field as Path<T>, { message }, { shouldFocus: index === 0 });
  }
  if (problems.length === 0) setError('root', { message: failureMessage(error, fallback) });
}
