// The lint step that keeps the OpenAPI route table complete (infra/check/openapi-routes.mjs), run
// as `npm run lint` runs it: on this repository, and on small repositories made here to show what
// it refuses.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from '@jest/globals';

const SCRIPT = fileURLToPath(new URL('./openapi-routes.mjs', import.meta.url));
const run = promisify(execFile);

const check = async (root?: string) => {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, ...(root ? ['--root', root] : [])]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
};

const CONTROLLER = `
import { Controller, Delete, Get, Post } from '@nestjs/common';
@Controller('api/widgets')
export class WidgetsController {
  @Get()
  list() {}
  @Get(':id')
  get() {}
  @Post(':id/polish')
  polish() {}
}
@Controller()
export class HealthController {
  @Get('healthz')
  health() {}
  @Delete('api/spare')
  spare() {}
}
`;

const table = (routes: Array<[string, string]>) => `
export const API_OPERATIONS = [
${routes.map(([method, path]) => `  { operationId: 'x', method: '${method}', path: '${path}', summary: 's' },`).join('\n')}
];
`;

const ALL: Array<[string, string]> = [
  ['get', '/api/widgets'],
  ['get', '/api/widgets/{id}'],
  ['post', '/api/widgets/{id}/polish'],
  ['delete', '/api/spare'],
];

let root: string | undefined;
const repository = (routes: Array<[string, string]>) => {
  root = mkdtempSync(join(tmpdir(), 'openapi-routes-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root!, path)), { recursive: true });
    writeFileSync(join(root!, path), text);
  };
  write('gateway/src/widgets/widgets.controller.ts', CONTROLLER);
  write('libs/contracts/src/http/api-routes.ts', table(routes));
  return root;
};

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('the OpenAPI route check', () => {
  it('passes on this repository: every /api route of the gateway is in the route table', async () => {
    const result = await check();
    expect(result.output).toMatch(/all \d+ \/api routes/);
    expect(result.code).toBe(0);
  });

  it('passes when the table has every /api route (routes outside /api need not be there)', async () => {
    const result = await check(repository(ALL));
    expect(result).toEqual({ code: 0, output: expect.stringContaining('all 4 /api routes') });
  });

  it('fails naming each controller route missing from the table, and where it is declared', async () => {
    const result = await check(repository(ALL.filter(([, path]) => path !== '/api/widgets/{id}/polish')));
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'post /api/widgets/{id}/polish (gateway/src/widgets/widgets.controller.ts:9) is missing from the OpenAPI route table',
    );
    expect(result.output).not.toContain('healthz');
  });

  it('fails naming a table entry that no controller serves', async () => {
    const result = await check(repository([...ALL, ['put', '/api/widgets/{id}']]));
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'put /api/widgets/{id} (libs/contracts/src/http/api-routes.ts:7) is in the OpenAPI route table but no controller serves it',
    );
  });
});
