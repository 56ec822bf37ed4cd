// Fails when the gateway serves an /api route the OpenAPI route table does not describe, or the
// table describes one no controller serves. It reads the source, not the build, so `npm run lint`
// needs no build: every `*.controller.ts` under gateway/src with the TypeScript compiler API
// (`@Controller(prefix)` on a class, `@Get/@Post/@Put/@Patch/@Delete(path)` on its methods), and
// the `method`/`path` pairs of API_OPERATIONS in libs/contracts/src/http/api-routes.ts.
//
//   node infra/check/openapi-routes.mjs [--root <repository root>]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const HTTP_DECORATORS = { Get: 'get', Post: 'post', Put: 'put', Patch: 'patch', Delete: 'delete' };
const TABLE = 'libs/contracts/src/http/api-routes.ts';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 ? resolve(args[rootFlag + 1]) : resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function* controllerFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* controllerFiles(path);
    else if (entry.name.endsWith('.controller.ts')) yield path;
  }
}

const parse = (path) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

/** A decorator's name and its first argument when that is a string literal ('' when there is none). */
function decoratorCall(decorator) {
  const call = decorator.expression;
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return null;
  const [first] = call.arguments;
  if (first !== undefined && !ts.isStringLiteralLike(first)) return { name: call.expression.text, path: null };
  return { name: call.expression.text, path: first ? first.text : '' };
}

/** `api/videos` + `:id/stream` → `/api/videos/{id}/stream`, the table's (OpenAPI's) spelling. */
const openApiPath = (...parts) =>
  `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .map((segment) => segment.replace(/^:(\w+)$/, '{$1}'))
    .join('/')}`;

/** Every route the controllers declare, as `method path` with where it is. */
function controllerRoutes() {
  const routes = new Map();
  const problems = [];
  for (const file of controllerFiles(join(root, 'gateway/src'))) {
    const source = parse(file);
    const where = (node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    source.forEachChild(function visit(node) {
      if (!ts.isClassDeclaration(node)) return node.forEachChild(visit);
      const controller = (ts.getDecorators(node) ?? []).map(decoratorCall).find((call) => call?.name === 'Controller');
      if (!controller) return;
      if (controller.path === null) return problems.push(`${where(node)}: @Controller's path is not a string literal`);
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        for (const call of (ts.getDecorators(member) ?? []).map(decoratorCall)) {
          if (!call || !(call.name in HTTP_DECORATORS)) continue;
          if (call.path === null) {
            problems.push(`${where(member)}: @${call.name}'s path is not a string literal`);
            continue;
          }
          const path = openApiPath(controller.path, call.path);
          routes.set(`${HTTP_DECORATORS[call.name]} ${path}`, where(member));
        }
      }
    });
  }
  return { routes, problems };
}

/** Every `{ method: '…', path: '…' }` object literal in the table. */
function tableRoutes() {
  const file = join(root, TABLE);
  const source = parse(file);
  const routes = new Map();
  source.forEachChild(function visit(node) {
    if (ts.isObjectLiteralExpression(node)) {
      const value = (name) => {
        const property = node.properties.find(
          (p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name,
        );
        return property && ts.isStringLiteralLike(property.initializer) ? property.initializer.text : undefined;
      };
      const [method, path] = [value('method'), value('path')];
      if (method && path) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        routes.set(`${method} ${path}`, `${TABLE}:${line}`);
      }
    }
    node.forEachChild(visit);
  });
  return routes;
}

const { routes: served, problems } = controllerRoutes();
const described = tableRoutes();
const isApi = (route) => route.split(' ')[1].startsWith('/api/') || route.endsWith(' /api');
for (const [route, where] of served) {
  if (isApi(route) && !described.has(route))
    problems.push(`${route} (${where}) is missing from the OpenAPI route table (${TABLE})`);
}
for (const [route, where] of described) {
  if (!served.has(route))
    problems.push(`${route} (${where}) is in the OpenAPI route table but no controller serves it`);
}

if (problems.length > 0) {
  console.error(`openapi-routes: ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`openapi-routes: all ${described.size} /api routes of the controllers are in the OpenAPI route table`);
