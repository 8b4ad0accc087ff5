import type { z } from 'zod';
import { LONE_SURROGATE_MESSAGE, NUL_CHARACTER_MESSAGE } from '@shared/input.contract';
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

/** True when a UTF-16 surrogate stands without its pair (String#isWellFormed, ES2024). */
function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/** What a string or key holds that no column can store, or null. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
  if (hasLoneSurrogate(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * Where the input holds text no column can store (a U+0000, or a lone UTF-16 surrogate: jsonb
 * refuses its escape), in a key or a string value, as a field path and the words; null for
 * nowhere. Iterative: a deeply nested body (the parser allows it within the size limit) cannot
 * overflow.
 */
export function unstorableTextAt(input: unknown): { field: string; message: string } | null {
  const stack: Node[] = [{ value: input, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      const message = unstorable(node.value);
      if (message) return { field: pathOf(node), message };
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, value] of Object.entries(node.value)) {
        const child = { value, key, parent: node };
        const message = unstorable(key);
        if (message) return { field: pathOf(child), message };
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * Parses input with a shared contract. The first problem becomes the message (in the product's words, docs/product.md),
 * which live in the schema); every problem is listed by field under `errors`. Text no column can
 * store (a null character, a lone surrogate) is refused first.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const unstorableAt = unstorableTextAt(input);
  if (unstorableAt !== null) {
    throw new ValidationError(unstorableAt.message, { errors: [unstorableAt] });
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  throw new ValidationError(errors[0]?.message ?? 'Invalid request', { errors });
}
