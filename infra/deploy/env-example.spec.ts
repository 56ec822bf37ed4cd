// Keeps .env.example in step with what reads the environment: every variable of every app's config
// schema (APP_CONFIG_SCHEMAS), every variable `npm run up` / `npm test` / `npm run db:provision`
// read, and every ${…} docker-compose.yml interpolates; each with its real default and a comment.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { APP_CONFIG_SCHEMAS } from '@app/common';
import { DATABASE_OWNERS } from '@app/database';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** Set by `npm test` for the processes it starts, never by a person. */
const INTERNAL = new Set(['TEST_RUN_ID']);

interface Entry {
  name: string;
  value: string;
  /** `# NAME=value`: documented, with no single default to set. */
  commented: boolean;
  line: number;
}

function parseExample(): { entries: Entry[]; lines: string[] } {
  const lines = read('.env.example').split('\n');
  const entries: Entry[] = [];
  lines.forEach((text, index) => {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(text);
    if (match) entries.push({ name: match[2]!, value: match[3]!, commented: match[1] !== undefined, line: index });
  });
  return { entries, lines };
}

interface Field {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}
const schemaFields = (): [app: string, name: string, field: Field][] =>
  Object.entries(APP_CONFIG_SCHEMAS).flatMap(([app, schema]) =>
    Object.entries(schema.shape as Record<string, Field>).map(([name, field]) => [app, name, field] as const),
  ) as [string, string, Field][];

/** process.env.NAME in the scripts behind `npm run up`, `npm test` and `npm run db:provision`. */
function scriptVariables(): string[] {
  const files = [
    ...['infra/local', 'infra/local/lib'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => `${dir}/${file}`),
    ),
    ...readdirSync(join(root, 'libs/database/src/cli'))
      .filter((file) => file.endsWith('.ts') && !file.includes('.spec'))
      .map((file) => `libs/database/src/cli/${file}`),
    'libs/testing/src/browser.ts',
  ];
  const names = files.flatMap((file) => [...read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
  // The provisioning step reads one role URL per database owner (`process.env[variable(owner)]`).
  const roleUrls = DATABASE_OWNERS.map((owner) => `${owner.toUpperCase()}_DATABASE_URL`);
  return [...new Set([...names, ...roleUrls])].filter((name) => !INTERNAL.has(name));
}

/** ${NAME}, ${NAME:-default} and ${NAME:?message} in docker-compose.yml, with the default if any. */
function composeVariables(): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const match of read('docker-compose.yml').matchAll(/\$\{([A-Z][A-Z0-9_]*)(?:(:-|:\?)([^}]*))?\}/g)) {
    found.set(match[1]!, match[2] === ':-' ? match[3] : undefined);
  }
  return found;
}

describe('.env.example', () => {
  const { entries, lines } = parseExample();
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  it('lists each variable once', () => {
    const names = entries.map((entry) => entry.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('lists every variable an app config schema reads', () => {
    const missing = [...new Set(schemaFields().map(([, name]) => name))].filter((name) => !byName.has(name));
    expect(missing).toEqual([]);
  });

  it('lists every variable the local scripts and the provisioning step read', () => {
    const names = scriptVariables();
    expect(names).toEqual(expect.arrayContaining(['SEED_DEMO', 'DATABASE_ADMIN_URL', 'GATEWAY_DATABASE_URL']));
    expect(names.filter((name) => !byName.has(name))).toEqual([]);
  });

  it('lists every variable docker-compose.yml interpolates, with compose’s own default', () => {
    const problems: string[] = [];
    for (const [name, fallback] of composeVariables()) {
      const entry = byName.get(name);
      if (!entry) problems.push(`${name}: missing`);
      else if (fallback === undefined && !entry.commented) problems.push(`${name}: compose requires it, so no default`);
      else if (fallback !== undefined && (entry.commented || entry.value !== fallback))
        problems.push(`${name}: compose's default is "${fallback}", .env.example says "${entry.value}"`);
    }
    expect(problems).toEqual([]);
  });

  it("sets each schema variable to the schema's own default, or comments it out when it has none", () => {
    const problems: string[] = [];
    for (const [app, name, field] of schemaFields()) {
      const entry = byName.get(name);
      if (!entry || entry.commented) continue;
      const fallback = field.safeParse(undefined);
      const given = field.safeParse(entry.value);
      if (!given.success || !fallback.success || !isDeepStrictEqual(given.data, fallback.data))
        problems.push(`${name}=${entry.value} is not ${app}'s default (${JSON.stringify(fallback.data)})`);
    }
    expect(problems).toEqual([]);
  });

  it('names nothing that nothing reads', () => {
    const known = new Set([
      ...schemaFields().map(([, name]) => name),
      ...scriptVariables(),
      ...composeVariables().keys(),
      // npm test hands this to testcontainers (infra/local/lib/containers.mjs reads it too).
      'DOCKER_HOST',
    ]);
    expect(entries.map((entry) => entry.name).filter((name) => !known.has(name))).toEqual([]);
  });

  it('explains each variable in the comment line right above it', () => {
    const bare = entries
      .filter((entry) => {
        const above = lines[entry.line - 1] ?? '';
        return !above.startsWith('#') || /^#\s*[A-Z][A-Z0-9_]*=/.test(above) || /^#\s*-+/.test(above);
      })
      .map((entry) => entry.name);
    expect(bare).toEqual([]);
  });
});
