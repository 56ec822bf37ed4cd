import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAPIBackend, type AjvCustomizer } from 'openapi-backend';
import type { CategoryDto, FeedbackDto, FeedbackReplyDto, ReportDto, UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  firstAdmin,
  HttpSession,
  makeMediaFixture,
  makeTestImage,
  newUserFields,
  signIn,
  signUpMember,
  startStack,
  type TestStack,
} from '@app/testing';
import { SESSION_COOKIE } from '../auth/session.setup.js';

// The contract test of issue 18: every operation of the served OpenAPI document is called on the
// running stack, and every answer (status, content type, body) is checked against the document by
// openapi-backend's response validator, in JSON Schema 2020-12 (OpenAPI 3.1's dialect). The
// documented errors are exercised too: 401 for every operation that needs a session, 403 for every
// admin operation and for a cross-site write, 400 for every JSON body that is not an object, and
// 404/400 for every path parameter that names nothing. The last test fails for an operation no
// request reached.

interface DocumentedResponse {
  content?: Record<string, unknown>;
}
interface DocumentedOperation {
  operationId: string;
  method: string;
  path: string;
  auth: string;
  hasJsonBody: boolean;
  responses: Record<string, DocumentedResponse>;
}

const ADMIN_EMAIL = 'contract-admin@example.com';
const ADMIN = firstAdmin(ADMIN_EMAIL);

let stack: TestStack;
let scratch: string;
let document: Record<string, unknown>;
let validator: OpenAPIBackend;
const operations = new Map<string, DocumentedOperation>();
/** operationId → the statuses a validated answer was seen with. */
const seen = new Map<string, Set<number>>();

/** openapi-backend's Ajv in its 2020-12 dialect (its default is draft-07, which would skip prefixItems and the like). */
const ajv2020: AjvCustomizer = (_draft07, options) => {
  const backendRequire = createRequire(createRequire(import.meta.url).resolve('openapi-backend'));
  const Ajv2020 = backendRequire('ajv/dist/2020').default as new (options: object) => ReturnType<AjvCustomizer>;
  return new Ajv2020({ ...options, strict: false });
};

beforeAll(async () => {
  stack = await startStack(
    'openapi-contract',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications', 'media-worker'],
    {},
    { auth: ADMIN },
  );
  scratch = await mkdtemp(join(tmpdir(), 'openapi-contract-'));
  const served = await new HttpSession(stack.baseUrl).get<Record<string, unknown>>('/api/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
  validator = new OpenAPIBackend({
    definition: structuredClone(document) as never,
    // quick: the backend's own definition check is OpenAPI 3.0's; the document is checked as 3.1 below.
    quick: true,
    strict: false,
    customizeAjv: ajv2020,
  });
  await validator.init();
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const requestBody = operation.requestBody as { content: Record<string, unknown> } | undefined;
      operations.set(operation.operationId as string, {
        operationId: operation.operationId as string,
        method,
        path,
        auth: operation['x-auth'] as string,
        hasJsonBody: Boolean(requestBody?.content['application/json']),
        responses: operation.responses as Record<string, DocumentedResponse>,
      });
    }
  }
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

interface Call {
  params?: Record<string, string | number>;
  query?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/**
 * Calls an operation of the document as `session` and checks the answer against it: the status is
 * the one expected and documented, the content type one the document lists for it (none for a
 * bodiless answer), and a JSON body valid against the documented schema.
 */
async function call<T = unknown>(session: HttpSession, operationId: string, status: number, request: Call = {}) {
  const operation = operations.get(operationId);
  if (!operation) throw new Error(`${operationId} is not in the document`);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${operationId}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const url = request.query ? `${path}?${request.query}` : path;
  const res = await session.request<T>(operation.method.toUpperCase(), url, request);
  const where = `${operation.method.toUpperCase()} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  expect({ where, status: res.status }).toEqual({ where, status });
  checkAnswer(operation, status, res.headers.get('content-type'), res.body, where);
  return res;
}

function checkAnswer(
  operation: DocumentedOperation,
  status: number,
  contentType: string | null,
  body: unknown,
  where: string,
) {
  const documented = operation.responses[String(status)];
  expect({ where, documented: Boolean(documented) }).toEqual({ where, documented: true });
  const mediaType = contentType?.split(';')[0]!.trim() ?? null;
  const mediaTypes = Object.keys(documented!.content ?? {});
  if (mediaTypes.length === 0) {
    expect({ where, body }).toEqual({ where, body: '' });
  } else {
    expect({ where, mediaType, listed: mediaTypes.includes(mediaType ?? '') }).toEqual({
      where,
      mediaType,
      listed: true,
    });
  }
  if (mediaType === 'application/json') {
    const result = validator.validateResponse(body, operation.operationId, status);
    expect({ where, errors: result.errors }).toEqual({ where, errors: null });
  }
  const statuses = seen.get(operation.operationId) ?? new Set<number>();
  statuses.add(status);
  seen.set(operation.operationId, statuses);
}

/**
 * A path parameter that names nothing: a row id out of range (the gateway's pipes answer 404 at
 * once), an unknown member or category (the owning service answers 404), a file that is not there.
 */
function nothingFor(operation: DocumentedOperation, name: string): string {
  if (name === 'file') return 'nothing.png';
  if (name === 'asset') return 'nothing.js';
  if (name === 'userId' || /^\/api\/(admin\/)?users\/\{id\}/.test(operation.path)) return randomUUID();
  if (operation.operationId === 'deleteCategory') return '2147483647';
  return '0';
}

const pathParams = (operation: DocumentedOperation, value: (name: string) => string) =>
  Object.fromEntries([...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, value(name!)]));

/** Bodies the operations accept, so that a refusal can only be about the path. */
const VALID_BODIES: Record<string, unknown> = {
  updateVideo: { description: 'Still here' },
  giveFeedback: { content: 'A tip' },
  rateFeedback: { rating: 3 },
  replyToFeedback: { content: 'An answer' },
  editReply: { content: 'An answer' },
  resolveReport: { action: 'keep' },
};

describe('the OpenAPI document the gateway serves', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });
});

describe('the response validator', () => {
  it('refuses an answer that breaks the document, so the checks below can fail', () => {
    const video = { id: 1, title: 'A', views: 'many' };
    expect(validator.validateResponse(video, 'getVideo', 200).errors).not.toBeNull();
    expect(validator.validateResponse({ message: 404 }, 'getVideo', 404).errors).not.toBeNull();
    expect(
      validator.validateResponse([{ id: 1, name: 'Music', icon: 'music', extra: true }], 'listCategories', 200).errors,
    ).not.toBeNull();
    expect(
      validator.validateResponse([{ id: 1, name: 'Music', icon: 'music' }], 'listCategories', 200).errors,
    ).toBeNull();
  });
});

describe('every operation, as the document says', () => {
  let admin: HttpSession;
  let uploader: { session: HttpSession; user: UserDto };
  let viewer: HttpSession;
  let viewerUser: UserDto;
  const anonymous = () => new HttpSession(stack.baseUrl);

  beforeAll(async () => {
    admin = (await signIn(stack.baseUrl, ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)).session;
    uploader = await signUpMember(stack.baseUrl, { firstName: 'Uma' });
  }, 60_000);

  it('signs up, in and out, and edits a profile', async () => {
    viewer = anonymous();
    const fields = newUserFields({ firstName: 'Vic' });
    viewerUser = (await call<UserDto>(viewer, 'register', 201, { json: fields })).body;
    await call(anonymous(), 'register', 409, { json: fields });
    await call(anonymous(), 'login', 401, { json: { email: fields.email, password: 'not the password' } });
    await call(anonymous(), 'login', 200, { json: { email: fields.email, password: fields.password } });
    await call(viewer, 'currentUser', 200);
    await call(anonymous(), 'getUser', 200, { params: { id: viewerUser.id } });
    await call(viewer, 'updateProfile', 200, { json: { firstName: 'Vic', lastName: 'Lane', description: 'Drummer' } });
    await call(viewer, 'changePassword', 204, {
      json: { currentPassword: fields.password, newPassword: 'a brand new passphrase' },
    });

    const form = new FormData();
    form.append('profileImage', new Blob([new Uint8Array(await makeTestImage(scratch, 'png'))]), 'me.png');
    const withImage = (await call<UserDto>(viewer, 'uploadProfileImage', 200, { form })).body;
    const [, , , id, , file] = withImage.profileImageUrl!.split('/');
    const image = await call(anonymous(), 'getProfileImage', 200, { params: { id: id!, file: file! } });
    await call(anonymous(), 'getProfileImage', 304, {
      params: { id: id!, file: file! },
      headers: { 'If-None-Match': image.headers.get('etag')! },
    });
    await call(viewer, 'removeProfileImage', 200);

    const leaving = await signUpMember(stack.baseUrl);
    await call(leaving.session, 'logout', 204);
    await call(leaving.session, 'currentUser', 401);
    await call(anonymous(), 'loginRedirect', 302);
    await call(anonymous(), 'logoutRedirect', 302);
  });

  it('uploads, plays, lists, saves and deletes a video, and manages categories', async () => {
    const created = (
      await call<CategoryDto>(admin, 'createCategory', 201, { json: { name: 'Contract tests', icon: 'flask' } })
    ).body;
    await call(admin, 'createCategory', 409, { json: { name: 'Contract tests', icon: 'flask' } });
    const categories = (await call<CategoryDto[]>(anonymous(), 'listCategories', 200)).body;
    await call(admin, 'deleteCategory', 204, { params: { id: created.id } });

    const clip = await makeMediaFixture(join(scratch, 'clip.mp4'), { seconds: 1 });
    const form = new FormData();
    form.append('title', 'Scales at speed');
    form.append('categoryId', String(categories[0]!.id));
    form.append('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
    const video = (await call<VideoDto>(uploader.session, 'uploadVideo', 201, { form })).body;
    await call(uploader.session, 'uploadVideo', 400, { form: new FormData() });

    await call(anonymous(), 'getVideo', 200, { params: { id: video.id } });
    await call(anonymous(), 'listVideos', 200, { query: 'limit=1&sort=recent' });
    await call(anonymous(), 'listVideos', 400, { query: 'limit=many' });
    await call(uploader.session, 'updateVideo', 200, { params: { id: video.id }, json: { description: 'Slow first' } });
    await call(viewer, 'updateVideo', 403, { params: { id: video.id }, json: { description: 'Not mine' } });

    await eventually(
      async () => (await anonymous().get<VideoDto>(`/api/videos/${video.id}`)).body.processingState,
      (state) => state === 'ready',
      30_000,
    );
    await call(anonymous(), 'streamVideo', 200, { params: { id: video.id } });
    await call(anonymous(), 'streamVideo', 206, { params: { id: video.id }, headers: { Range: 'bytes=0-99' } });
    await call(anonymous(), 'streamVideo', 416, { params: { id: video.id }, headers: { Range: 'bytes=999999999-' } });
    await call(anonymous(), 'getVideoThumbnail', 200, { params: { id: video.id } });

    await call(viewer, 'addBookmark', 201, { json: { videoId: video.id } });
    await call(viewer, 'listBookmarks', 200);
    await call(viewer, 'checkBookmark', 200, { params: { videoId: video.id } });
    await call(viewer, 'removeBookmark', 204, { params: { videoId: video.id } });

    await call(viewer, 'deleteVideo', 403, { params: { id: video.id } });
    await call(uploader.session, 'deleteVideo', 204, { params: { id: video.id } });
    await call(anonymous(), 'getVideo', 404, { params: { id: video.id } });
  }, 60_000);

  it('gives, rates, answers and applies feedback; notifies; reports and moderates', async () => {
    const linkForm = new FormData();
    linkForm.append('title', 'Linked lesson');
    linkForm.append('categoryId', String((await anonymous().get<CategoryDto[]>('/api/categories')).body[0]!.id));
    linkForm.append('youtubeUrl', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const video = (await call<VideoDto>(uploader.session, 'uploadVideo', 201, { form: linkForm })).body;

    const feedback = (
      await call<FeedbackDto>(viewer, 'giveFeedback', 201, {
        params: { videoId: video.id },
        json: { content: 'Relax the wrist', timecode: { start: 1 } },
      })
    ).body;
    await call(viewer, 'giveFeedback', 400, { params: { videoId: video.id }, json: { content: '' } });
    await call(anonymous(), 'listVideoFeedback', 200, { params: { videoId: video.id } });
    await call(anonymous(), 'listAuthorFeedback', 200, { params: { userId: viewerUser.id } });
    await call(anonymous(), 'authorFeedbackStats', 200, { params: { userId: viewerUser.id } });
    await call(uploader.session, 'voteFeedback', 201, { params: { id: feedback.id } });
    await call(uploader.session, 'rateFeedback', 201, { params: { id: feedback.id }, json: { rating: 4 } });
    await call(uploader.session, 'rateFeedback', 400, { params: { id: feedback.id }, json: { rating: 9 } });
    const reply = (
      await call<FeedbackReplyDto>(uploader.session, 'replyToFeedback', 201, {
        params: { id: feedback.id },
        json: { content: 'Thanks, trying it', mentions: [viewerUser.id] },
      })
    ).body;
    await call(uploader.session, 'editReply', 200, { params: { replyId: reply.id }, json: { content: 'Thanks!' } });
    await call(viewer, 'editReply', 403, { params: { replyId: reply.id }, json: { content: 'Not mine' } });
    await call(uploader.session, 'markFeedbackApplied', 200, { params: { id: feedback.id } });
    await call(uploader.session, 'unmarkFeedbackApplied', 200, { params: { id: feedback.id } });

    await eventually(
      async () => (await uploader.session.get<{ unreadCount: number }>('/api/notifications')).body.unreadCount,
      (count) => count > 0,
      15_000,
    );
    await call(uploader.session, 'listNotifications', 200);
    await call(uploader.session, 'listNotifications', 400, { query: 'limit=lots' });
    await call(uploader.session, 'markNotificationsRead', 200, { json: { all: true } });
    await call(uploader.session, 'getNotificationPreferences', 200);
    await call(uploader.session, 'setNotificationPreferences', 200, { json: { types: { mention: false } } });
    await openStream(uploader.session, 200, '');
    await openStream(uploader.session, 400, '?lastEventId=latest');

    const reportBody = { subjectType: 'feedback', subjectId: String(feedback.id), reason: 'spam' };
    await call(viewer, 'createReport', 403, { json: reportBody });
    const report = (await call<ReportDto>(uploader.session, 'createReport', 201, { json: reportBody })).body;
    await call(uploader.session, 'createReport', 200, { json: reportBody });
    await call(admin, 'listReports', 200, { query: 'status=open' });
    await call(admin, 'listReports', 400, { query: 'status=someday' });
    await call(admin, 'resolveReport', 200, { params: { id: report.id }, json: { action: 'keep' } });
    await call(admin, 'checkSerialVoting', 200);
  }, 60_000);

  it('administers accounts', async () => {
    await call(admin, 'listAdminUsers', 200, { query: 'limit=5' });
    const promoted = await signUpMember(stack.baseUrl);
    await call(admin, 'toggleAdmin', 200, { params: { id: promoted.user.id } });
    const adminUser = (await admin.get<UserDto>('/api/auth/user')).body;
    await call(admin, 'deleteUser', 400, { params: { id: adminUser.id } });
    const leaving = await signUpMember(stack.baseUrl);
    await call(admin, 'deleteUser', 204, { params: { id: leaving.user.id } });
  });

  it('serves this document and its page', async () => {
    await call(anonymous(), 'getOpenApiDocument', 200);
    const page = await call<string>(anonymous(), 'apiDocsPage', 200);
    // Swagger UI's page has the app's own policy: scripts and styles only from the gateway.
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toMatch(/script-src|style-src|unsafe/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-initializer.js']) {
      await call(anonymous(), 'apiDocsAsset', 200, { params: { asset } });
    }
  });

  it('answers 401 to a visitor on every operation that needs a session', async () => {
    const needSession = [...operations.values()].filter((operation) => operation.auth !== 'anonymous');
    expect(needSession.length).toBeGreaterThan(20);
    for (const operation of needSession) {
      if (operation.operationId === 'notificationStream') {
        await openStream(anonymous(), 401, '');
        continue;
      }
      const params = pathParams(operation, () => '1');
      await call(anonymous(), operation.operationId, 401, { params, json: operation.hasJsonBody ? {} : undefined });
    }
  });

  it('answers 403 to a member on every admin operation, and to a write from another site', async () => {
    const adminOnly = [...operations.values()].filter((operation) => operation.auth === 'admin');
    expect(adminOnly.length).toBeGreaterThan(5);
    for (const operation of adminOnly) {
      const params = pathParams(operation, () => '1');
      await call(viewer, operation.operationId, 403, { params, json: operation.hasJsonBody ? {} : undefined });
    }
    await call(viewer, 'updateProfile', 403, {
      json: { firstName: 'Vic', lastName: 'Lane' },
      headers: { Origin: 'https://elsewhere.example' },
    });
  });

  it('answers 400 to every JSON body that is not an object', async () => {
    const withBody = [...operations.values()].filter((operation) => operation.hasJsonBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const operation of withBody) {
      const session = operation.auth === 'admin' ? admin : operation.auth === 'signed-in' ? viewer : anonymous();
      const params = pathParams(operation, () => '1');
      await call(session, operation.operationId, 400, { params, json: ['not', 'an', 'object'] });
    }
  });

  it('answers 404 to a path parameter that names nothing', async () => {
    const withParams = [...operations.values()].filter((operation) => operation.path.includes('{'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const operation of withParams) {
      const params = pathParams(operation, (name) => nothingFor(operation, name));
      const session = operation.auth === 'anonymous' ? anonymous() : admin;
      await call(session, operation.operationId, 404, { params, json: VALID_BODIES[operation.operationId] });
    }
  });

  it('reached every operation of the document with a successful answer', () => {
    const missed = [...operations.values()]
      .filter((operation) => ![...(seen.get(operation.operationId) ?? [])].some((status) => status < 400))
      .map((operation) => `${operation.method} ${operation.path} (${operation.operationId})`);
    expect(missed).toEqual([]);
    const errorsSeen = new Set(
      [...seen.values()].flatMap((statuses) => [...statuses].filter((status) => status >= 400)),
    );
    expect([...errorsSeen].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404, 409, 416]));
  });

  /** The SSE stream never ends: its status and content type are checked, and the connection closed. */
  async function openStream(session: HttpSession, status: number, query: string) {
    const operation = operations.get('notificationStream')!;
    const controller = new AbortController();
    const cookie = session.cookie(SESSION_COOKIE);
    const res = await fetch(`${stack.baseUrl}/api/notifications/stream${query}`, {
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
      signal: controller.signal,
    });
    try {
      const where = `GET stream${query} → ${res.status}`;
      expect({ where, status: res.status }).toEqual({ where, status });
      const contentType = res.headers.get('content-type');
      const body: unknown = contentType?.includes('json') ? await res.json() : '';
      if (status === 200) {
        expect(contentType).toMatch(/^text\/event-stream/);
        const reader = res.body!.getReader();
        const first = await reader.read();
        expect(new TextDecoder().decode(first.value)).toMatch(/^(:|event:|id:|retry:|data:)/m);
        checkAnswer(operation, status, contentType, body, where);
      } else {
        checkAnswer(operation, status, contentType, body, where);
      }
    } finally {
      controller.abort();
    }
  }
});
