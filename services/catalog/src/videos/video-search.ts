import { containsPattern } from './like-pattern.js';

/**
 * How `GET /api/videos?q=` finds and ranks videos (issue 16 §4). One place for the rules; the
 * repository turns them into one statement served by the trigram indexes of migration
 * 1764000000004 (pg_trgm, installed in `public` at provisioning).
 *
 * - A video matches when one of its fields contains the search text literally (ignoring case;
 *   `%`, `_` and `\` are plain characters), or, for a search that may be misspelt, is similar
 *   enough to it word for word (pg_trgm's word_similarity ≥ FUZZY_THRESHOLD).
 * - Its relevance is the best field score times the field's weight: a literal match scores 1, a
 *   similar one its similarity. Ties go to the newer video (higher id).
 */

/** Where a search looks, each with the weight of a match there: a title outranks a description. */
export const SEARCH_FIELDS = {
  title: 1,
  uploaderName: 0.9,
  categoryName: 0.8,
  description: 0.6,
} as const;
export type SearchField = keyof typeof SEARCH_FIELDS;

/**
 * The word similarity from which a field counts as a misspelling of the search. One letter swapped
 * in an 8-letter word keeps 5 of its 9 trigrams ("backhnad" / "backhand": 0.56); an unrelated word
 * sharing an ending keeps far fewer ("forehand" / "backhand": 0.33).
 */
export const FUZZY_THRESHOLD = 0.5;

/** Shorter words change too much with one typo for trigrams to tell a typo from another word. */
export const FUZZY_MIN_WORD_LENGTH = 5;

/** Letters, digits and spaces only: punctuation (`100%`, `snake_case`) means the text is meant literally. */
const PLAIN_WORDS = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*$/u;

export interface VideoSearch {
  /** The text as compared: single spaces between words. */
  text: string;
  /** The ILIKE pattern of a literal match (wildcards escaped). */
  pattern: string;
  /** Whether a misspelling may match: plain words, at least one of them long enough. */
  fuzzy: boolean;
}

/** The search a `q` asks for (already trimmed and checked by the contract). */
export function videoSearch(q: string): VideoSearch {
  const text = q.trim().replace(/\s+/gu, ' ');
  const fuzzy = PLAIN_WORDS.test(text) && text.split(' ').some((word) => [...word].length >= FUZZY_MIN_WORD_LENGTH);
  return { text, pattern: containsPattern(text), fuzzy };
}

/** The SQL text of each field, given the aliases of the listing, its uploader and its category. */
export const searchFieldSql = (aliases: { video: string; uploader: string; category: string }) =>
  ({
    title: `${aliases.video}."title"`,
    description: `${aliases.video}."description"`,
    // The expression IDX_people_name_trgm indexes, character for character.
    uploaderName: `(coalesce(${aliases.uploader}."firstName", '') || ' ' || coalesce(${aliases.uploader}."lastName", ''))`,
    categoryName: `${aliases.category}."name"`,
  }) satisfies Record<SearchField, string>;

/** Parameters the SQL below refers to. */
export const SEARCH_PARAMS = { text: 'searchText', pattern: 'searchPattern' } as const;

/** Whether `field` matches: literally, or (fuzzy searches) through the trigram operator, so its index serves it. */
export function fieldMatchSql(field: string, search: VideoSearch): string {
  const literal = `${field} ILIKE :${SEARCH_PARAMS.pattern} ESCAPE '\\'`;
  return search.fuzzy ? `(${literal} OR :${SEARCH_PARAMS.text} OPERATOR(public.<%) ${field})` : literal;
}

/** A field's score: 1 for a literal match, its similarity for a close enough one, else 0. */
export function fieldScoreSql(field: string, search: VideoSearch): string {
  const literal = `WHEN ${field} ILIKE :${SEARCH_PARAMS.pattern} ESCAPE '\\' THEN 1`;
  if (!search.fuzzy) return `(CASE ${literal} ELSE 0 END)`;
  const similarity = `public.word_similarity(:${SEARCH_PARAMS.text}, ${field})`;
  return `(CASE ${literal} WHEN ${similarity} >= ${FUZZY_THRESHOLD} THEN ${similarity} ELSE 0 END)`;
}

/**
 * A video's relevance, as a `real`: the cursor carries it, and a real prints and parses back to the
 * same value, so the next page starts exactly after the last one.
 */
export function relevanceSql(fields: Record<SearchField, string>, search: VideoSearch): string {
  const scores = (Object.keys(SEARCH_FIELDS) as SearchField[]).map((field) =>
    weightedScoreSql(field, fields[field], search),
  );
  return `CAST(GREATEST(${scores.join(', ')}) AS real)`;
}

/**
 * One field's part of the relevance (weight × score), before the cast to `real`: a video found by
 * its uploader's or category's name alone has exactly this as its relevance, cast the same way.
 */
export const weightedScoreSql = (field: SearchField, sql: string, search: VideoSearch): string =>
  `${SEARCH_FIELDS[field]} * ${fieldScoreSql(sql, search)}`;
