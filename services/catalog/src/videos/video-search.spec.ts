import { describe, expect, it } from '@jest/globals';
import {
  FUZZY_THRESHOLD,
  SEARCH_FIELDS,
  fieldMatchSql,
  relevanceSql,
  searchFieldSql,
  videoSearch,
} from './video-search.js';

describe('videoSearch', () => {
  it.each([
    ['backhnad', true],
    ['Backhand drill', true],
    ['Ünïcødé swing', true],
    ['serve', true],
    ['serv', false],
    ['top spin', false],
    ['100%', false],
    ['snake_case', false],
    ['back\\slash', false],
    ['Ünïcødé ⛳', false],
    ["o'sullivan", false],
  ])('%j may match a misspelling: %s', (q, fuzzy) => {
    expect(videoSearch(q).fuzzy).toBe(fuzzy);
  });

  it('compares single-spaced text, and matches it literally with the wildcards escaped', () => {
    expect(videoSearch('  back   hand\u00a0drill ')).toEqual({
      text: 'back hand drill',
      pattern: '%back hand drill%',
      fuzzy: true,
    });
    expect(videoSearch('50%_off').pattern).toBe('%50\\%\\_off%');
  });
});

describe('search SQL', () => {
  const fields = searchFieldSql({ video: 'v', uploader: 'u', category: 'c' });

  it('matches literally, and through the trigram operator only when a misspelling may match', () => {
    expect(fieldMatchSql(fields.title, videoSearch('top spin'))).toBe(`v."title" ILIKE :searchPattern ESCAPE '\\'`);
    expect(fieldMatchSql(fields.title, videoSearch('topspin'))).toBe(
      `(v."title" ILIKE :searchPattern ESCAPE '\\' OR :searchText OPERATOR(public.<%) v."title")`,
    );
  });

  it('names a person as the people index does', () => {
    expect(fields.uploaderName).toBe(`(coalesce(u."firstName", '') || ' ' || coalesce(u."lastName", ''))`);
  });

  it('weighs a title above a name, a name above a category, a category above a description', () => {
    const order = (Object.keys(SEARCH_FIELDS) as Array<keyof typeof SEARCH_FIELDS>).sort(
      (a, b) => SEARCH_FIELDS[b] - SEARCH_FIELDS[a],
    );
    expect(order).toEqual(['title', 'uploaderName', 'categoryName', 'description']);
    // A literal description outranks a title that is barely similar to the search.
    expect(SEARCH_FIELDS.title * FUZZY_THRESHOLD).toBeLessThan(SEARCH_FIELDS.description);
  });

  it('scores each field by its weight, literal matches as 1 and misspellings by similarity', () => {
    const sql = relevanceSql(fields, videoSearch('backhnad'));
    expect(sql.startsWith('CAST(GREATEST(')).toBe(true);
    expect(sql.endsWith(') AS real)')).toBe(true);
    for (const [field, weight] of Object.entries(SEARCH_FIELDS))
      expect(sql).toContain(
        `${weight} * (CASE WHEN ${fields[field as keyof typeof fields]} ILIKE :searchPattern ESCAPE '\\' THEN 1 ` +
          `WHEN public.word_similarity(:searchText, ${fields[field as keyof typeof fields]}) >= ${FUZZY_THRESHOLD} ` +
          `THEN public.word_similarity(:searchText, ${fields[field as keyof typeof fields]}) ELSE 0 END)`,
      );
    expect(relevanceSql(fields, videoSearch('100%'))).not.toContain('word_similarity');
  });
});
