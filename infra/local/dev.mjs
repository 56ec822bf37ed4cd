// `npm run dev`: what `npm run up` does (installs, provisions, builds, starts every app), then
// keeps it current while you edit: TypeScript recompiles in watch mode, a changed app is bundled
// again and restarted, and Vite's dev server serves the web app with hot reload, proxying /api
// to the gateway. Logs are readable lines (LOG_FORMAT=pretty).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { ensureNodeDependencies } from './lib/ensure-deps.mjs';
import {
  appEnvironments,
  claimCheckoutOrExit,
  provisionOrExit,
  seedDemoWhenEnabled,
  waitForProduct,
} from './lib/local-product.mjs';
import { upPorts } from './lib/single-instance.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Shared with `npm run up` (the same databases, the same lock); another directory keeps a test's
// run apart from a developer's.
const dataDir = process.env.DEV_DATA_DIR ? resolve(process.env.DEV_DATA_DIR) : join(root, '.data');
const port = Number(process.env.PORT ?? 8080);
const devPort = Number(process.env.DEV_PORT ?? 5173);
const webUrl = `http://localhost:${devPort}`;

// HEALTH_PORT=0 / METRICS_PORT=0 let the apps pick free ports: those need not be free now.
const freeChosen = ['HEALTH_PORT', 'METRICS_PORT'].filter((name) => process.env[name] === '0');
await claimCheckoutOrExit({
  command: 'dev',
  dataDir,
  gatewayPort: port,
  url: webUrl,
  ports: [
    ...upPorts(port)
      .filter(([, user]) => !freeChosen.some((name) => user.includes(`(${name})`)))
      .map(([taken, user]) => [taken, user, taken === port ? 'PORT=8090' : undefined]),
    [devPort, 'the web app (DEV_PORT)', 'DEV_PORT=5174'],
  ],
});

ensureNodeDependencies(root);

const { APP_ENTRIES, startApp, stopProcess } = await import('./lib/apps.mjs');
const appNames = Object.keys(APP_ENTRIES);

const infra = await provisionOrExit({ command: 'dev', root, dataDir });

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const running = new Map();
let compiler;
let bundler;
let vite;
let shuttingDown = false;
let ready = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\n[dev] stopping…');
  compiler?.kill('SIGTERM');
  bundler?.kill('SIGTERM');
  await Promise.all([vite?.close(), ...[...running.values()].map((child) => stopProcess(child))]);
  await infra.stop();
  console.log('[dev] stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

/** The app a compiled file belongs to, or every app for a library's file. */
function appsOfOutput(file) {
  const path = relative(root, file).split(sep).join('/');
  if (path.startsWith('libs/')) return appNames;
  return appNames.filter((name) => path.startsWith(`${dirname(dirname(APP_ENTRIES[name]))}/dist/`));
}

/**
 * `tsc -b --watch` over the server projects; `onCompiled(files)` after each compilation with the
 * JavaScript files it wrote. Errors are printed as tsc reports them; the files are still written.
 */
function watchCompile(onCompiled) {
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-b',
      'tsconfig.build.json',
      '--watch',
      '--preserveWatchOutput',
      '--listEmittedFiles',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let written = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('TSFILE: ')) {
      if (line.endsWith('.js')) written.push(line.slice('TSFILE: '.length));
      return;
    }
    const found = /Found (\d+) errors?\. Watching for file changes\./.exec(line);
    if (found) {
      if (found[1] !== '0') console.error(`[dev] TypeScript: ${found[1]} error(s) above`);
      const files = written;
      written = [];
      onCompiled(files);
    } else if (line.trim() && !/(Starting compilation in watch mode|File change detected)/.test(line)) {
      console.log(line);
    }
  });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    // Ctrl-C reaches the whole terminal's process group, the compiler too.
    if (signal === 'SIGINT') return void shutdown(0);
    console.error(`[dev] the TypeScript compiler exited (${signal ?? code}); stopping everything`);
    void shutdown(1);
  });
  return child;
}

/** Bundles the apps (infra/build/bundle-apps.mjs); resolves whether it succeeded. */
function bundle(names) {
  return new Promise((resolveBundle) => {
    bundler = spawn(process.execPath, [join(root, 'infra/build/bundle-apps.mjs'), ...names], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    bundler.on('exit', (code) => {
      bundler = undefined;
      resolveBundle(code === 0);
    });
  });
}

/** Apps whose bundle is missing or older than the compiled code or the installed packages. */
function staleBundles() {
  const newest = (dir) => {
    let latest = 0;
    if (!existsSync(dir)) return latest;
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (file.endsWith('.js')) latest = Math.max(latest, statSync(join(dir, file)).mtimeMs);
    }
    return latest;
  };
  const libs = Math.max(
    statSync(join(root, 'package-lock.json')).mtimeMs,
    ...readdirSync(join(root, 'libs')).map((lib) => newest(join(root, 'libs', lib, 'dist'))),
  );
  return appNames.filter((name) => {
    const dist = dirname(join(root, APP_ENTRIES[name]));
    const bundled = join(dist, 'main.bundle.cjs');
    if (!existsSync(bundled) || !existsSync(join(root, APP_ENTRIES[name]))) return true;
    return statSync(bundled).mtimeMs < Math.max(libs, newest(dist));
  });
}

let envs;
function start(name) {
  const child = startApp(root, name, envs[name], { bareStdout: true });
  child.on('exit', (code, signal) => {
    if (shuttingDown || child.replaced) return;
    if (!ready) {
      console.error(`[dev] ${name} exited during start (${signal ?? code}); stopping everything`);
      void shutdown(1);
      return;
    }
    console.error(`[dev] ${name} exited (${signal ?? code}); it starts again when its code changes`);
  });
  running.set(name, child);
}

async function restart(name) {
  const old = running.get(name);
  if (old) {
    old.replaced = true;
    await stopProcess(old, 5000);
  }
  if (!shuttingDown) start(name);
}

// Changes are handled one batch at a time, in order: a restart never starts a bundle that a later
// compilation is still writing, and the next batch bundles what that compilation wrote.
const changed = new Set();
let rebuilding = false;
async function rebuildChanged() {
  if (rebuilding || !ready) return;
  rebuilding = true;
  while (changed.size && !shuttingDown) {
    const names = [...changed];
    changed.clear();
    console.log(`[dev] ${names.join(', ')} changed: bundling and restarting`);
    if (await bundle(names)) await Promise.all(names.map((name) => restart(name)));
    else if (!shuttingDown) console.error('[dev] bundling failed (above); the running apps keep their last build');
  }
  rebuilding = false;
}

try {
  console.log('[dev] compiling (TypeScript, watch mode)…');
  await new Promise((resolveFirst) => {
    let first = true;
    compiler = watchCompile((files) => {
      if (first) {
        first = false;
        resolveFirst();
        return;
      }
      for (const file of files) for (const name of appsOfOutput(file)) changed.add(name);
      void rebuildChanged();
    });
  });
  const stale = staleBundles();
  if (stale.length) {
    console.log(`[dev] bundling ${stale.length === appNames.length ? 'the apps' : stale.join(', ')}…`);
    if (!(await bundle(stale))) throw new Error('bundling the apps failed (above)');
  }

  envs = await appEnvironments({
    root,
    infra,
    dataDir,
    gatewayPort: port,
    appNames,
    extra: {
      LOG_FORMAT: 'pretty',
      // The apps write to a pipe, not to this terminal: colour follows this process's output.
      ...(process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { FORCE_COLOR: '1' } : {}),
    },
  });
  for (const name of appNames) start(name);
  const base = `http://localhost:${port}`;
  await waitForProduct(base);

  // Vite's dev server, in this process; vite.config.ts proxies /api to the gateway on PORT.
  const { createServer } = await import('vite');
  vite = await createServer({
    configFile: join(root, 'frontend/vite.config.ts'),
    clearScreen: false,
    server: { port: devPort, strictPort: true },
  });
  await vite.listen();
  ready = true;
  console.log(`\n[dev] ready: ${webUrl}  (API on ${base}; apps restart on save; Ctrl-C stops everything)\n`);
  // Changes saved while it started.
  void rebuildChanged();
  await seedDemoWhenEnabled(base, envs.gateway.FFMPEG_PATH);
} catch (error) {
  console.error(`[dev] failed: ${error.message}`);
  await shutdown(1);
}
