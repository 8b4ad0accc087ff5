/**
 * Rules every request's input follows, whatever the route. PostgreSQL text cannot hold U+0000, so a
 * string with one is refused before it reaches a query.
 */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a null character';
