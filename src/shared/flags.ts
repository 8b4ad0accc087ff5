/** The client accepts true or the string 'true' for the flags (product.md §3). Kept apart from zod. */
export function isFlagSet(value: unknown): boolean {
  return value === true || value === 'true';
}
