/**
 * The one rule for what a person may type into any text field (names, About Me, titles,
 * descriptions, feedback, category names and icons, search). Refused:
 * - C0 controls and DEL: NUL above all cannot be stored or compared in a PostgreSQL text value,
 *   and the rest have no business in text shown to others. Tab, line feed and carriage return are
 *   kept where a field holds several lines (descriptions, feedback);
 * - C1 controls (U+0080–U+009F);
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 *   reorder what is displayed ("\u202eretsinimdA" shows as "Administer").
 * A name or title must also show something: one made only of whitespace and invisible
 * (zero-width, default-ignorable) characters counts as missing.
 */
export type TextLines = 'single-line' | 'multi-line';

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

/** true when the text holds a character the rule above refuses for a field of this kind. */
export function hasForbiddenCharacter(text: string, lines: TextLines): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20) {
      if (lines === 'single-line' || !LINE_BREAKS_AND_TAB.has(code)) return true;
    } else if ((code >= 0x7f && code <= 0x9f) || isBidiControl(code)) {
      return true;
    }
  }
  return false;
}

// \s covers the Unicode spaces (no-break, em, ideographic…); Default_Ignorable_Code_Point covers
// the zero-width space and joiners, the word joiner, the BOM, soft hyphen, Hangul fillers and
// variation selectors.
const INVISIBLE_ONLY = /^[\s\p{Default_Ignorable_Code_Point}]*$/u;

/** true when nothing in the text would be visible: empty, whitespace or zero-width characters only. */
export function isInvisibleText(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
