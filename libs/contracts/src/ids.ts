/**
 * A UUID in its canonical 8-4-4-4-12 hex form, any version. Checked before a value reaches a
 * `uuid` column, so a malformed id is a 400 and never a database error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The largest PostgreSQL `integer` (serial ids): a larger number cannot name a row. */
export const MAX_INT_ID = 2_147_483_647;
