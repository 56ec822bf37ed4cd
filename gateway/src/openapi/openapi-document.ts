import { z } from 'zod';
import {
  API_OPERATIONS,
  adminReportGroupDtoSchema,
  bookmarkCheckDtoSchema,
  categoryDtoSchema,
  errorResponseSchema,
  feedbackDrawingDtoSchema,
  feedbackDtoSchema,
  feedbackReplyDtoSchema,
  feedbackTimecodeDtoSchema,
  notificationDtoSchema,
  reportDtoSchema,
  userBadgeDtoSchema,
  userDtoSchema,
  userFeedbackItemDtoSchema,
  videoDtoSchema,
  type ApiOperation,
} from '@app/contracts';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) or any part of the document. */
type Json = Record<string, unknown>;

/** The shapes the document names (components.schemas), so a reader sees "Video", not the same object forty times. */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorResponseSchema,
  User: userDtoSchema,
  UserBadge: userBadgeDtoSchema,
  Video: videoDtoSchema,
  Category: categoryDtoSchema,
  Feedback: feedbackDtoSchema,
  FeedbackReply: feedbackReplyDtoSchema,
  FeedbackTimecode: feedbackTimecodeDtoSchema,
  FeedbackDrawing: feedbackDrawingDtoSchema,
  UserFeedbackItem: userFeedbackItemDtoSchema,
  BookmarkCheck: bookmarkCheckDtoSchema,
  Notification: notificationDtoSchema,
  Report: reportDtoSchema,
  AdminReportGroup: adminReportGroupDtoSchema,
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request was refused: `message` says why (`errors` lists each broken field of a body)',
  401: 'Not signed in',
  403: 'Not allowed (not an admin, not the owner, or a cross-site write)',
  404: 'No such thing',
  409: 'Conflicts with what exists',
  413: 'The body is too large',
  416: 'The range lies past the end of the file (Content-Range: bytes */size), no body',
  429: 'Too many requests: wait retryAfterSeconds (also the Retry-After header)',
  500: 'Something unexpected failed (logged with the request id)',
  503: 'A dependency is out of reach; try again shortly',
};
/** Error statuses answered without a body. */
const BODILESS = new Set([304, 416]);

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Builds the OpenAPI 3.1 document of the gateway's /api from the route table in the contracts:
 * every schema is converted from the zod schema the code validates with (requests) or infers its
 * types from (responses), so the document has no second source.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): Json {
  const components = new SchemaComponents();
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) throw new Error(`two operations for ${operation.method} ${operation.path}`);
    item[operation.method] = operationObject(operation, components);
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'SkillShare API',
      version: '1',
      description:
        'The gateway’s JSON API under /api, generated from the zod contracts (libs/contracts). Errors are ' +
        '`{ message }` (the Error schema). Signed-in calls use the session cookie set by register or login. ' +
        'Not described here, on purpose: /healthz, /readyz and /healthz/dependencies (probes), the metrics ' +
        'port, the admins’ queue board (/admin/queues) and the single-page app served for every other path.',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: components.all(),
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'vf.sid',
          description: 'The session cookie (`__Host-vf.sid` over HTTPS)',
        },
      },
    },
  };
}

function operationObject(operation: ApiOperation, components: SchemaComponents): Json {
  const parameters: Json[] = [];
  for (const [name, param] of Object.entries(operation.pathParams ?? {})) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: param.description,
      schema: components.input(param.schema),
    });
  }
  if (operation.query) {
    const query = objectOf(operation.query);
    for (const [name, field] of Object.entries<z.ZodType>(query.shape)) {
      parameters.push({
        name,
        in: 'query',
        required: !isOptional(field),
        schema: components.input(field),
      });
    }
  }
  for (const [name, header] of Object.entries(operation.headers ?? {})) {
    parameters.push({ name, in: 'header', description: header.description, schema: components.input(header.schema) });
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(operation.auth === 'anonymous' ? {} : { security: [{ session: [] }] }),
    'x-auth': operation.auth,
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body ? { requestBody: requestBody(operation.body, components) } : {}),
    responses: responses(operation, components),
  };
}

function requestBody(body: NonNullable<ApiOperation['body']>, components: SchemaComponents): Json {
  if (body.kind === 'json') {
    return { required: true, content: { 'application/json': { schema: components.input(body.schema) } } };
  }
  const schema = components.input(body.fields);
  const properties = { ...(schema.properties as Json | undefined) };
  const required = [...((schema.required as string[] | undefined) ?? [])];
  for (const [name, file] of Object.entries(body.files)) {
    properties[name] = { type: 'string', contentMediaType: 'application/octet-stream', description: file.description };
    if (file.required) required.push(name);
  }
  return {
    required: true,
    content: {
      'multipart/form-data': { schema: { ...schema, type: 'object', properties, required } },
    },
  };
}

function responses(operation: ApiOperation, components: SchemaComponents): Json {
  const result: Record<string, Json> = {};
  const { success } = operation;
  switch (success.kind) {
    case 'json': {
      const content = { 'application/json': { schema: components.output(success.schema) } };
      const headers = operation.paged ? { Link: linkHeader } : undefined;
      result[success.status] = { description: success.description, ...(headers ? { headers } : {}), content };
      if (success.alsoStatus) result[success.alsoStatus] = { description: success.description, content };
      break;
    }
    case 'bytes': {
      const content = Object.fromEntries(
        success.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      );
      result[success.status] = { description: success.description, content };
      for (const status of success.alsoStatuses ?? []) {
        result[status] = BODILESS.has(status)
          ? { description: status === 304 ? 'Not modified' : success.description }
          : { description: status === 206 ? 'The requested byte range' : success.description, content };
      }
      break;
    }
    case 'event-stream':
      result[success.status] = {
        description: success.description,
        content: { 'text/event-stream': { schema: { type: 'string' } } },
      };
      break;
    case 'redirect':
      // Express says where it redirects in a line of text (or HTML, when that is what the client accepts).
      result[success.status] = {
        description: success.description,
        headers: { Location: { schema: { type: 'string', const: success.location } } },
        content: { 'text/plain': { schema: { type: 'string' } }, 'text/html': { schema: { type: 'string' } } },
      };
      break;
    case 'empty':
      result[success.status] = { description: success.description };
      break;
  }
  const errors = new Set(operation.errors);
  if (operation.auth !== 'anonymous') errors.add(401);
  if (operation.auth === 'admin') errors.add(403);
  // The cross-site write guard answers 403 before anything else, on every state-changing call.
  if (STATE_CHANGING.has(operation.method)) errors.add(403);
  errors.add(500);
  errors.add(503);
  const errorContent = { 'application/json': { schema: components.output(errorResponseSchema) } };
  for (const status of [...errors].sort((a, b) => a - b)) {
    const description = ERROR_DESCRIPTIONS[status] ?? 'Error';
    result[status] = BODILESS.has(status) ? { description } : { description, content: errorContent };
  }
  return result;
}

const linkHeader = {
  description: 'The next page: `<…?cursor=…>; rel="next"`, when there is one',
  schema: { type: 'string' },
};

/** The object behind a query schema that pipes it into a transform. */
function objectOf(schema: z.ZodType): z.ZodObject {
  let current: unknown = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  if (!(current instanceof z.ZodObject)) throw new Error('a query schema must be an object (or a pipe from one)');
  return current;
}

const isOptional = (schema: z.ZodType): boolean => schema.safeParse(undefined).success;

/**
 * Converts zod schemas to JSON Schema, collecting the named ones into components.schemas and
 * pointing at them. Requests are described as their input (what a client may send, before the
 * schema's transforms); responses as their output.
 */
class SchemaComponents {
  private readonly registry = z.registry<{ id: string }>();
  private readonly schemas: Record<string, Json> = {};

  constructor() {
    for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) this.registry.add(schema, { id });
  }

  input(schema: z.ZodType): Json {
    return this.convert(schema, 'input');
  }

  output(schema: z.ZodType): Json {
    return this.convert(schema, 'output');
  }

  all(): Record<string, Json> {
    return Object.fromEntries(Object.entries(this.schemas).sort(([a], [b]) => a.localeCompare(b)));
  }

  private convert(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      metadata: this.registry,
      // A refinement or transform has no JSON Schema; the schema around it still says what is sent.
      unrepresentable: 'any',
    }) as Json;
    const relinked = JSON.parse(JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
    const { $schema: _dialect, $defs, ...rest } = relinked;
    for (const [id, definition] of Object.entries(($defs as Record<string, Json> | undefined) ?? {})) {
      // A request's input form of a named shape is the same shape here (the DTOs have no transforms).
      this.schemas[id] ??= definition;
    }
    return rest;
  }
}
