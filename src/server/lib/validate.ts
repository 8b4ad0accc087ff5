import type { z } from 'zod';
import { NUL_CHARACTER_MESSAGE } from '@shared/input.contract';
import { ValidationError } from './errors';

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

const pathOf = (node: Node): string => {
  const keys: string[] = [];
  for (let at: Node | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Where the input holds a U+0000 (in a key or a string value), as a field path; null for nowhere.
 * Iterative: a deeply nested body (the parser allows it within the size limit) cannot overflow.
 */
export function nulCharacterAt(input: unknown): string | null {
  const stack: Node[] = [{ value: input, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) return pathOf(node);
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, value] of Object.entries(node.value)) {
        const child = { value, key, parent: node };
        if (key.includes('\u0000')) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * Parses input with a shared contract. The first problem becomes the message (in the product's words, docs/product.md),
 * which live in the schema); every problem is listed by field under `errors`. A null character
 * anywhere is refused first: no column can store it.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const nulAt = nulCharacterAt(input);
  if (nulAt !== null) {
    throw new ValidationError(NUL_CHARACTER_MESSAGE, {
      errors: [{ field: nulAt, message: NUL_CHARACTER_MESSAGE }],
    });
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  throw new ValidationError(errors[0]?.message ?? 'Invalid request', { errors });
}
