// Installs the npm dependencies when they are missing or older than the lockfile.
// Uses Node built-ins only: it runs before anything is installed.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function ensureNodeDependencies(root) {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  // `npm install` honours package-lock.json like `npm ci` does, but tolerates the lockfile
  // lacking optional packages for other platforms (e.g. @swc/core-darwin-*), which registry
  // mirrors without those packages leave out and which make `npm ci` refuse to run.
  console.log('[setup] installing npm dependencies (npm install from package-lock.json)…');
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}
