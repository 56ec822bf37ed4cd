import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the build writes as text; images, fonts and video are compressed already and stay as they are. */
const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.xml',
  '.map',
]);

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, at the highest levels: the work
 * is done once per build instead of on every request, and the gateway sends the one the browser
 * accepts (gateway/src/spa/precompressed-assets.ts). Runs when the bundle and the public files are
 * both in the output directory.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      const texts = files
        .filter((entry) => entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(texts.map(writeCompressedSiblings));
    },
  };
}

async function writeCompressedSiblings(path: string): Promise<void> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A sibling only where it saves bytes: a tiny file (an entry that only imports its chunk) would
  // grow by the encoding's own header, and is then sent as it is.
  const siblings: Array<[name: string, compressed: Buffer]> = [
    [`${path}.br`, br],
    [`${path}.gz`, gz],
  ];
  await Promise.all(
    siblings
      .filter(([, compressed]) => compressed.length < content.length)
      .map(([name, compressed]) => writeFile(name, compressed)),
  );
}
