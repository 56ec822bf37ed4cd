import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The dark scheme overrides colour tokens only (styles/tokens.css), so a colour written anywhere
// else would stay as it is in both schemes: every stylesheet paints with var(--color-…).
const SRC = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = join(SRC, '../..');
const TOKENS = join(SRC, 'styles/tokens.css');

/** CSS's named colours (CSS Color 4), lower-case; `transparent` and `currentColor` are not colours of their own. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred ' +
    'darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;
/** A hex colour inside a data URL (`%23` is `#`), e.g. an SVG's stroke. */
const ENCODED_HEX = /%23[0-9a-f]{3,8}\b/i;

/** Every stylesheet under a directory. */
function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The colour a declaration's value names, if any: what a reader would fix. */
function colourIn(value: string): string | null {
  const urls = value.match(/url\([^)]*\)/gi) ?? [];
  for (const url of urls) {
    const encoded = ENCODED_HEX.exec(url);
    if (encoded) return encoded[0];
    const named = /(?:fill|stroke|color)\s*=\s*['"]?(?<name>[a-z]+)/i.exec(url)?.groups?.name;
    if (named && NAMED_COLOURS.has(named.toLowerCase())) return named;
  }
  // Quoted text (font names, grid areas) and custom property names are not colours.
  const bare = value
    .replace(/url\([^)]*\)/gi, ' ')
    .replace(/(["'])(?:(?!\1).)*\1/g, ' ')
    .replace(/--[\w-]+/g, ' ');
  const literal = HEX.exec(bare) ?? COLOUR_FUNCTION.exec(bare);
  if (literal) return literal[0];
  for (const word of bare.match(/[a-z]+/gi) ?? []) if (NAMED_COLOURS.has(word.toLowerCase())) return word;
  return null;
}

/** `file:line: value` for each declaration in a stylesheet that names a colour. */
function colourLiterals(path: string, css: string): string[] {
  // Comments out, newlines kept, so positions still give line numbers.
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: string[] = [];
  for (const match of text.matchAll(/(?<property>[\w-]+)\s*:\s*(?<value>[^;{}]+)(?=[;}])/g)) {
    const { property = '', value = '' } = match.groups ?? {};
    const colour = colourIn(value);
    if (!colour) continue;
    const line = text.slice(0, match.index + match[0].indexOf(value)).split('\n').length;
    found.push(`${relative(REPO_ROOT, path)}:${line}: ${property}: ${colour}`);
  }
  return found;
}

describe('stylesheets', () => {
  it('name colours only in styles/tokens.css (every other file uses the tokens)', () => {
    const files = stylesheets(SRC).filter((path) => path !== TOKENS);
    expect(files.length).toBeGreaterThan(10);
    const literals = files.flatMap((path) => colourLiterals(path, readFileSync(path, 'utf8')));
    expect(literals).toEqual([]);
  });

  it('finds a colour literal by file and line, and lets keywords and tokens pass', () => {
    const css = [
      '.a {',
      '  color: var(--color-text);',
      '  border: 1px solid currentColor;',
      '  background: transparent;',
      '  white-space: nowrap;',
      '  font-family: "Segoe UI", inherit;',
      '}',
      '.b { color: #fff; }',
      '.c {',
      '  box-shadow: 0 0 0 2px rgb(15 23 42 / 0.3);',
      '  outline-color: White;',
      '  background-image: url("data:image/svg+xml,%3Csvg stroke=\'%2364748b\'%3E%3C/svg%3E");',
      '}',
    ].join('\n');
    expect(colourLiterals(join(SRC, 'x.css'), css)).toEqual([
      'frontend/src/x.css:8: color: #fff',
      'frontend/src/x.css:10: box-shadow: rgb(',
      'frontend/src/x.css:11: outline-color: White',
      'frontend/src/x.css:12: background-image: %2364748b',
    ]);
  });
});
