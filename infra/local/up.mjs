// `npm run up`: installs, provisions, builds and starts the whole product on this machine.
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const dataDir = join(root, '.data');
const port = Number(process.env.PORT ?? 8080);

// One line and a non-zero exit, never a pile of stack traces, when this cannot start.
await claimCheckoutOrExit({
  command: 'up',
  dataDir,
  gatewayPort: port,
  url: `http://localhost:${port}`,
  ports: upPorts(port).map(([taken, user]) => [taken, user, taken === port ? 'PORT=8090' : undefined]),
});

ensureNodeDependencies(root);

const { APP_ENTRIES, startApp, stopProcess } = await import('./lib/apps.mjs');

const infra = await provisionOrExit({ command: 'up', root, dataDir });

const children = [];
let shuttingDown = false;
let ready = false;
async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\n[up] stopping…');
  await Promise.all(children.map((child) => stopProcess(child)));
  await infra.stop();
  console.log('[up] stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  console.log('[up] building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

  const envs = await appEnvironments({
    root,
    infra,
    dataDir,
    gatewayPort: port,
    appNames: Object.keys(APP_ENTRIES),
  });
  for (const name of Object.keys(APP_ENTRIES)) {
    const child = startApp(root, name, envs[name]);
    child.on('exit', (code, signal) => {
      if (shuttingDown) return;
      if (!ready) {
        console.error(`[up] ${name} exited during start (${signal ?? code}); stopping everything`);
        void shutdown(1);
        return;
      }
      // Once up, one process going away must not take the others with it: the gateway answers
      // 503 for what that process served, and the rest of the product keeps working.
      console.error(`[up] ${name} exited (${signal ?? code}); the other processes keep running`);
    });
    children.push(child);
  }

  const base = `http://localhost:${port}`;
  await waitForProduct(base);
  ready = true;
  const categories = await (await fetch(`${base}/api/categories`)).json();
  console.log(`\n[up] ready: ${base}  (${categories.length} categories; Ctrl-C stops everything this started)\n`);
  await seedDemoWhenEnabled(base, envs.gateway.FFMPEG_PATH);
} catch (error) {
  console.error(`[up] failed: ${error.message}`);
  await shutdown(1);
}
