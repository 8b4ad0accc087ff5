import { API_MESSAGES } from '@shared/api-v1.contract';
import { ValidationError } from '../../lib/errors';

/** Where a page of classes ends: the last class's upload time and id (the list's order). */
export interface ClassPosition {
  uploadedAt: number;
  id: string;
}

/** Newest upload first; the id breaks ties, so the order is total and pages never overlap. */
export function compareClasses(a: ClassPosition, b: ClassPosition): number {
  return b.uploadedAt - a.uploadedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function encodeCursor(position: ClassPosition): string {
  return Buffer.from(`${position.uploadedAt}.${position.id}`, 'utf8').toString('base64url');
}

/** A cursor this API gave, or a 400 naming the field. */
export function decodeCursor(cursor: string): ClassPosition {
  const text = /^[\w-]{1,200}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) {
    throw new ValidationError(API_MESSAGES.badCursor, {
      errors: [{ field: 'cursor', message: API_MESSAGES.badCursor }],
    });
  }
  return { uploadedAt: Number(match[1]), id: match[2]! };
}

/** One page of `items` (in any order) after `cursor`, and the cursor of the next page. */
export function pageOf<T>(
  items: readonly T[],
  positionOf: (item: T) => ClassPosition,
  { limit, cursor }: { limit: number; cursor?: string },
): { items: T[]; nextCursor: string | null } {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const sorted = [...items].sort((a, b) => compareClasses(positionOf(a), positionOf(b)));
  const rest = after
    ? sorted.filter((item) => compareClasses(after, positionOf(item)) < 0)
    : sorted;
  const page = rest.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rest.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}
