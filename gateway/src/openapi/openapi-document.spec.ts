import { describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_OPERATIONS } from '@app/contracts';
import { buildOpenApiDocument } from './openapi-document.js';

type Operations = Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();
  const paths = document.paths as Operations;

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every operation of the route table, under its path and method', () => {
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => `${method} ${path} ${operation.operationId}`),
    );
    const table = API_OPERATIONS.map((operation) => `${operation.method} ${operation.path} ${operation.operationId}`);
    expect(documented.sort()).toEqual(table.sort());
  });

  it('documents the sign-in requirement: 401 for members only, 403 for admins only', () => {
    expect(Object.keys(paths['/api/bookmarks']!.get!.responses)).toEqual(expect.arrayContaining(['200', '401']));
    expect(Object.keys(paths['/api/categories']!.get!.responses)).not.toContain('401');
    expect(Object.keys(paths['/api/admin/users']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403']),
    );
  });

  it('names the shared shapes and points at them', () => {
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['Error', 'User', 'Video', 'Feedback']));
    expect(JSON.stringify(paths['/api/videos/{id}']!.get!.responses['200'])).toContain('#/components/schemas/Video');
    expect(JSON.stringify(document)).not.toContain('#/$defs/');
  });

  it('refuses a route table with one operation twice', () => {
    const twice = [API_OPERATIONS[0]!, API_OPERATIONS[0]!];
    expect(() => buildOpenApiDocument(twice)).toThrow(/two operations for post \/api\/auth\/register/);
  });
});
