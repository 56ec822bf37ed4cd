'use strict';
// Every app's entry point: the build copies this file beside each bundle as `<app>/dist/start.cjs`
// (infra/build/bundle-apps.mjs). It runs `main.bundle.cjs` through V8's code cache: a bundle is
// ~7 MB of JavaScript, and compiling it (the whole file, then each function on its first call)
// was about half of an app's start (profiled: ~1.1 s of CPU without the cache, ~0.5 s with it).
//
// A process that ran without a valid cache writes one a few seconds after it started (or when it
// exits, if sooner), so it holds the functions the app compiled while starting. It lives beside
// the bundle (`dist/.code-cache/`, never a shared directory another user could write to), named
// by a hash of the bundle and the Node version, so a rebuilt bundle or another Node never meets
// an old cache (V8's own check looks only at the source's length); V8 refuses a cache made under
// other flags, and that refusal only costs the compile. Where `dist/` is read-only (the container
// images) the app simply starts without one.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { Script } = require('node:vm');

const bundlePath = join(__dirname, 'main.bundle.cjs');
const source = readFileSync(bundlePath, 'utf8');
const cacheDir = join(__dirname, '.code-cache');
const cacheKey = createHash('sha256').update(process.version).update(process.arch).update(source).digest('hex');
const cachePath = join(cacheDir, `${cacheKey.slice(0, 32)}.bin`);
/** Long enough for an app to have started (a Nest app compiles most of its code while starting). */
const CACHE_WRITE_DELAY_MS = 5000;

let cachedData;
try {
  cachedData = readFileSync(cachePath);
} catch {
  // no cache yet
}

// The same wrapper Node gives a CommonJS file, so the bundle sees its own require, module,
// __filename and __dirname (its externals resolve from the repository's node_modules).
const script = new Script(Module.wrap(source), { filename: bundlePath, cachedData });
const bundleModule = new Module(bundlePath, module);
bundleModule.filename = bundlePath;
bundleModule.paths = Module._nodeModulePaths(__dirname);

let cacheWritten = false;
if (cachedData === undefined || script.cachedDataRejected) {
  setTimeout(writeCodeCache, CACHE_WRITE_DELAY_MS).unref();
  process.once('exit', writeCodeCache);
}
script
  .runInThisContext()
  .call(
    bundleModule.exports,
    bundleModule.exports,
    Module.createRequire(bundlePath),
    bundleModule,
    bundlePath,
    __dirname,
  );
bundleModule.loaded = true;

function writeCodeCache() {
  if (cacheWritten) return;
  cacheWritten = true;
  // Replicas starting together may all write it: each writes its own file, then renames.
  const partial = `${cachePath}.${process.pid}`;
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cachePath);
  } catch {
    // A read-only dist/ (the images): the next start compiles again, as without a cache.
    try {
      rmSync(partial, { force: true });
    } catch {
      // nothing was written
    }
  }
}
