// The product's processes, how to start one, and how to stop them all (SIGTERM, then SIGKILL).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** App name → built entry point; shared with the test harness (libs/testing). */
export const APP_ENTRIES = JSON.parse(readFileSync(new URL('../../app-entries.json', import.meta.url), 'utf8'));

const COLORS = [36, 32, 33, 35, 34, 96, 92];

/**
 * @param {string} root
 * @param {string} name one of APP_ENTRIES
 * @param {Record<string,string>} env
 * @param {{ quiet?: boolean, label?: string, bareStdout?: boolean }} [opts] bareStdout: the app's own
 *   lines name it (LOG_FORMAT=pretty), so only its stderr gets the name in front
 */
export function startApp(root, name, env, opts = {}) {
  const child = spawn(process.execPath, [join(root, APP_ENTRIES[name])], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = opts.label ?? name;
  const color = COLORS[Object.keys(APP_ENTRIES).indexOf(name) % COLORS.length];
  const prefix = process.stdout.isTTY ? `\x1b[${color}m${label.padEnd(13)}\x1b[0m|` : `${label.padEnd(13)}|`;
  const forward = (stream, target, linePrefix = `${prefix} `) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      if (!opts.quiet) for (const line of lines) target.write(`${linePrefix}${line}\n`);
    });
  };
  forward(child.stdout, process.stdout, opts.bareStdout ? '' : undefined);
  forward(child.stderr, process.stderr);
  return child;
}

export function stopProcess(child, graceMs = 15_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), graceMs).unref();
  });
}
