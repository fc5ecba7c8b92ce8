/**
 * Whether an error means the database could not be reached or dropped the connection, as
 * opposed to a fault in what was asked. Those answer 503 ("try again") instead of 500, and the
 * pool replaces the connection by itself. The error may come wrapped (Drizzle puts the driver's
 * error in `cause`), so the whole cause chain is read.
 */
const UNAVAILABLE_CODES = new Set([
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // PostgreSQL connection exceptions (class 08)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  // Node sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres says these in words, without a code. */
const UNAVAILABLE_TEXT =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/** An error and the errors it wraps (`cause`), as far as eight deep. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

const hasCode = (error: unknown, codes: ReadonlySet<string>) =>
  [...causes(error)].some((e) => typeof e.code === 'string' && codes.has(e.code));

export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    hasCode(error, UNAVAILABLE_CODES) || [...causes(error)].some((e) => typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message))
  );
}

/** PostgreSQL's data exceptions (class 22) that a value sent by a client can cause. */
const CLIENT_DATA_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
  '2201B', // invalid_regular_expression
  '54001', // statement_too_complex
]);

/**
 * Whether the database refused a value as out of range or malformed. Every input is validated by
 * schema before it gets here, so this is a second line: the answer is a client error, never a
 * 500, and it is logged so the schema that let it through can be tightened.
 */
export function isRefusedValue(error: unknown): boolean {
  return hasCode(error, CLIENT_DATA_CODES);
}

const UNIQUE_VIOLATION = new Set(['23505']);
const FOREIGN_KEY_VIOLATION = new Set(['23503']);

/** A unique constraint refused the row (a taken mail or alias, a like that exists already). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, UNIQUE_VIOLATION);
}

/** A row named a row that is not there (a like of a tale deleted a moment before it was written). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, FOREIGN_KEY_VIOLATION);
}
