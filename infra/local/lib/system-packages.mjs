// Finds a system binary, installing its Debian package when it is missing (we may be root on
// a bare machine). Nothing is downloaded from outside the OS package mirrors.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findBinary(name, extraDirs = ['/usr/sbin', '/usr/local/sbin', '/usr/local/bin', '/usr/bin']) {
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  for (const dir of extraDirs) if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  return null;
}

let aptUpdated = false;

export function ensureBinary(name, debianPackage) {
  const found = findBinary(name);
  if (found) return found;
  if (!findBinary('apt-get'))
    throw new Error(`${name} is not installed and apt-get is not available; install ${debianPackage} and retry`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  console.log(`[setup] installing ${debianPackage} (apt-get)…`);
  const run = (args) =>
    execFileSync(sudo.length ? 'sudo' : args[0], sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (!aptUpdated) {
    run(['apt-get', 'update']);
    aptUpdated = true;
  }
  run(['apt-get', 'install', '-y', '--no-install-recommends', debianPackage]);
  const installed = findBinary(name);
  if (!installed) throw new Error(`${debianPackage} installed but ${name} was not found`);
  return installed;
}
