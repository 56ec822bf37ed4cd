import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppName } from '@app/contracts';
import { REPO_ROOT } from './test-env.js';

/** The NATS configuration docker-compose.yml and k8s run: users and permissions per app. */
export const NATS_SERVER_CONF = resolve(REPO_ROOT, 'infra/nats/nats-server.conf');

/** The server's environment variable holding an app's NATS password (GATEWAY_NATS_PASSWORD…). */
export const natsPasswordVariable = (app: AppName): string => `${app.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`;

/**
 * The users a NATS configuration defines, each with the server variable holding its password
 * (`user: gateway` followed by `password: $GATEWAY_NATS_PASSWORD`, as infra/nats/nats-server.conf
 * writes them).
 */
export function natsConfigUsers(text = readFileSync(NATS_SERVER_CONF, 'utf8')): Record<string, string> {
  return Object.fromEntries(
    [...text.matchAll(/^\s*user:\s*([\w-]+)\s+password:\s*\$(\w+)\s*$/gm)].map(([, user, variable]) => [
      user,
      variable,
    ]),
  );
}
