/**
 * An ILIKE pattern matching any text that contains `text` literally. `%` and `_` are wildcards
 * and `\` is the escape character (the query says `ESCAPE '\'`), so each is escaped; a search for
 * "100%" finds "100% effort", not "1000 reps".
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
