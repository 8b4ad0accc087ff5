/**
 * Rules every request's input follows, whatever the route. PostgreSQL text cannot hold U+0000, nor
 * jsonb half of a UTF-16 surrogate pair, so a string with either is refused before it reaches a query.
 */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a null character';
export const LONE_SURROGATE_MESSAGE =
  'Text contains a broken character (half of an emoji or symbol)';
