// The apps' entry point (infra/build/start-bundle.cjs, copied beside each bundle as start.cjs):
// it must run the bundle exactly as Node would run the file itself, and its code cache must
// never decide what runs: a rebuilt bundle or a damaged cache only costs a compile.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

const LAUNCHER = fileURLToPath(new URL('./start-bundle.cjs', import.meta.url));

/** What a bundle prints about itself: the CommonJS variables it was given and a computed value. */
const bundleSource = (answer: string) => `
const path = require('node:path');
const { parse } = require('./helper.cjs');
console.log(JSON.stringify({
  answer: ${answer},
  parsed: parse('a,b'),
  filename: path.basename(__filename),
  dirname: __dirname,
  moduleFile: module.filename === __filename,
  exportsIsThis: this === module.exports,
}));
`;

let dist: string;
const cacheFiles = () => {
  try {
    return readdirSync(join(dist, '.code-cache')).sort();
  } catch {
    return [];
  }
};
const start = async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [join(dist, 'start.cjs')]);
  return JSON.parse(stdout) as Record<string, unknown>;
};

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'start-bundle-'));
  copyFileSync(LAUNCHER, join(dist, 'start.cjs'));
  writeFileSync(join(dist, 'helper.cjs'), "exports.parse = (text) => text.split(',');\n");
  writeFileSync(join(dist, 'main.bundle.cjs'), bundleSource('6 * 7'));
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('start.cjs', () => {
  it('runs the bundle as a CommonJS module of its own folder', async () => {
    expect(await start()).toEqual({
      answer: 42,
      parsed: ['a', 'b'],
      filename: 'main.bundle.cjs',
      dirname: dist,
      moduleFile: true,
      exportsIsThis: true,
    });
  });

  it('writes one code cache on the first start and leaves it alone while it is valid', async () => {
    await start();
    const [cache] = cacheFiles();
    expect(cacheFiles()).toHaveLength(1);
    const written = readFileSync(join(dist, '.code-cache', cache as string));
    expect(written.length).toBeGreaterThan(0);

    expect((await start()).answer).toBe(42);
    expect(cacheFiles()).toEqual([cache]);
    expect(readFileSync(join(dist, '.code-cache', cache as string)).equals(written)).toBe(true);
  });

  it('runs a rebuilt bundle, never the code cached for the old one', async () => {
    await start();
    const [oldCache] = cacheFiles();
    // Same length, other code: V8's own check of a cache looks at the source's length.
    writeFileSync(join(dist, 'main.bundle.cjs'), bundleSource('7 * 6').replace('answer: 7 * 6', 'answer: 7 + 6'));

    expect((await start()).answer).toBe(13);
    expect(cacheFiles()).toHaveLength(2);
    expect(cacheFiles()).toContain(oldCache);
  });

  it('starts despite a damaged cache, and replaces it', async () => {
    await start();
    const [cache] = cacheFiles();
    const path = join(dist, '.code-cache', cache as string);
    const damaged = Buffer.from('not a code cache');
    writeFileSync(path, damaged);

    expect((await start()).answer).toBe(42);
    expect(readFileSync(path).equals(damaged)).toBe(false);
  });

  it('starts, and leaves no partial file, where it cannot write its cache', async () => {
    // (Tests run as root, whom permissions do not stop: a file stands where the folder would be.)
    writeFileSync(join(dist, '.code-cache'), 'a file where the folder would be');

    expect((await start()).answer).toBe(42);
    expect(readdirSync(dist).sort()).toEqual(['.code-cache', 'helper.cjs', 'main.bundle.cjs', 'start.cjs']);
  });
});
