import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CategoryDto, UserDto } from '@app/contracts';
import {
  eventually,
  firstAdmin,
  HttpSession,
  jsonLogLines,
  linkYoutubeVideo,
  newUserFields,
  signIn,
  signUpMember,
  startStack,
  type LogLine,
  type TestAppName,
  type TestStack,
} from '@app/testing';

// The security event log: each security-relevant action, driven through the API, leaves one JSON
// line with its stable `event`, the actor, the client's address and agent and the request id,
// written by the process that decided it (gateway, auth, catalog, video or admin service).
const ADMIN = firstAdmin('events.admin@example.com');
const AGENT = 'security-events-spec/1.0';
let stack: TestStack;
let admin: { session: HttpSession; user: UserDto };

beforeAll(async () => {
  stack = await startStack('security-events', ['gateway', 'auth', 'catalog', 'video', 'admin'], {
    ...ADMIN,
    LOG_LEVEL: 'info',
    THROTTLE_LOGIN_PER_EMAIL: '2',
  });
  admin = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

let requests = 0;
/** A request with its own id and the spec's user agent; answers the id with the response. */
async function traced<T>(session: HttpSession, method: string, path: string, json?: unknown) {
  requests += 1;
  const requestId = `sec-${requests}-${Date.now()}`;
  const res = await session.request<T>(method, path, {
    json,
    headers: { 'x-request-id': requestId, 'user-agent': AGENT },
  });
  return { res, requestId };
}

/** The security event of that request in that app's log, once written. */
function eventOf(app: TestAppName, event: string, requestId: string): Promise<LogLine> {
  const find = () =>
    stack.apps
      .get(app)!
      .flatMap((process) => jsonLogLines(process))
      .find((line) => line.security === true && line.event === event && line.requestId === requestId);
  return eventually(
    () => Promise.resolve(find()),
    (line) => line !== undefined,
    10_000,
  ) as Promise<LogLine>;
}

const fromTheClient = { ip: expect.stringMatching(/127\.0\.0\.1/), userAgent: AGENT };

describe('security events', () => {
  it('logs sign-in success, failure and lockout, and never the password', async () => {
    const fields = newUserFields({ password: 'a secret passphrase' });
    const { user } = await signUpMember(stack.baseUrl, fields);
    const visitor = new HttpSession(stack.baseUrl);

    const ok = await traced(visitor, 'POST', '/api/auth/login', { email: fields.email, password: fields.password });
    expect(ok.res.status).toBe(200);
    expect(await eventOf('gateway', 'auth.login.succeeded', ok.requestId)).toMatchObject({
      outcome: 'success',
      actorId: user.id,
      ...fromTheClient,
    });

    const bad = await traced(visitor, 'POST', '/api/auth/login', { email: fields.email, password: 'wrong guess 1' });
    expect(bad.res.status).toBe(401);
    expect(await eventOf('gateway', 'auth.login.failed', bad.requestId)).toMatchObject({
      outcome: 'failure',
      actorId: null,
      target: { email: fields.email },
      ...fromTheClient,
    });

    await traced(visitor, 'POST', '/api/auth/login', { email: fields.email, password: 'wrong guess 2' });
    const locked = await traced(visitor, 'POST', '/api/auth/login', { email: fields.email, password: 'wrong guess 3' });
    expect(locked.res.status).toBe(429);
    expect(await eventOf('gateway', 'auth.login.locked', locked.requestId)).toMatchObject({
      outcome: 'denied',
      target: { email: fields.email },
      ...fromTheClient,
    });

    const everything = stack.apps
      .get('gateway')!
      .flatMap((process) => process.output())
      .join('');
    expect(everything).not.toContain('a secret passphrase');
    expect(everything).not.toContain('wrong guess');
  });

  it('logs a password change and every 403 the gateway answers, once each', async () => {
    const fields = newUserFields();
    const { session, user } = await signUpMember(stack.baseUrl, fields);
    const changed = await traced(session, 'PUT', '/api/auth/password', {
      currentPassword: fields.password,
      newPassword: 'my next passphrase',
    });
    expect(changed.res.status).toBe(204);
    expect(await eventOf('gateway', 'auth.password.changed', changed.requestId)).toMatchObject({
      outcome: 'success',
      actorId: user.id,
      ...fromTheClient,
    });
    const line = JSON.stringify(await eventOf('gateway', 'auth.password.changed', changed.requestId));
    expect(line).not.toContain('my next passphrase');
    expect(line).not.toContain(fields.password);

    const denied = await traced(session, 'GET', '/api/admin/users');
    expect(denied.res.status).toBe(403);
    expect(await eventOf('gateway', 'access.denied', denied.requestId)).toMatchObject({
      outcome: 'denied',
      actorId: user.id,
      target: { method: 'GET', path: '/api/admin/users' },
      reason: 'Admin access required',
      ...fromTheClient,
    });

    // A 403 the queue board writes itself is logged too, once.
    const board = await traced(session, 'GET', '/admin/queues/api/queues');
    expect(board.res.status).toBe(403);
    expect(await eventOf('gateway', 'access.denied', board.requestId)).toMatchObject({
      actorId: user.id,
      target: { method: 'GET', path: '/admin/queues/api/queues' },
      ...fromTheClient,
    });
    const deniedLines = stack.apps
      .get('gateway')!
      .flatMap((process) => jsonLogLines(process))
      .filter(
        (line) =>
          line.event === 'access.denied' && [denied.requestId, board.requestId].includes(line.requestId as string),
      );
    expect(deniedLines).toHaveLength(2);

    // A write another site's page makes is refused before the session is read, and logged.
    requests += 1;
    const forgedId = `sec-${requests}-${Date.now()}`;
    const forged = await session.request('POST', '/api/auth/logout', {
      headers: { 'x-request-id': forgedId, 'user-agent': AGENT, origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await eventOf('gateway', 'access.denied', forgedId)).toMatchObject({
      outcome: 'denied',
      actorId: null,
      target: { method: 'POST', path: '/api/auth/logout', origin: 'https://evil.example' },
      reason: 'cross-site request',
      ...fromTheClient,
    });
  });

  it('logs admin changes where they are decided: admin flag, user deletion, categories, video deletions', async () => {
    const { session: member, user } = await signUpMember(stack.baseUrl);

    const toggled = await traced(admin.session, 'PATCH', `/api/admin/users/${user.id}/toggle-admin`);
    expect(toggled.res.status).toBe(200);
    expect(await eventOf('auth', 'admin.user.admin-toggled', toggled.requestId)).toMatchObject({
      outcome: 'success',
      actorId: admin.user.id,
      target: { userId: user.id, isAdmin: true },
      ...fromTheClient,
    });
    await traced(admin.session, 'PATCH', `/api/admin/users/${user.id}/toggle-admin`);

    const created = await traced<CategoryDto>(admin.session, 'POST', '/api/categories', {
      name: `Audit ${Date.now()}`,
      icon: '🔎',
    });
    expect(created.res.status).toBe(201);
    expect(await eventOf('catalog', 'admin.category.created', created.requestId)).toMatchObject({
      outcome: 'success',
      actorId: admin.user.id,
      target: { categoryId: created.res.body.id },
      ...fromTheClient,
    });
    const deletedCategory = await traced(admin.session, 'DELETE', `/api/categories/${created.res.body.id}`);
    expect(deletedCategory.res.status).toBe(204);
    expect(await eventOf('catalog', 'admin.category.deleted', deletedCategory.requestId)).toMatchObject({
      actorId: admin.user.id,
      target: { categoryId: created.res.body.id },
      ...fromTheClient,
    });

    const categoryId = (await member.get<CategoryDto[]>('/api/categories')).body[0]!.id;
    const own = await linkYoutubeVideo(member, { title: 'Mine', categoryId });
    const byUploader = await traced(member, 'DELETE', `/api/videos/${own.id}`);
    expect(byUploader.res.status).toBe(204);
    expect(await eventOf('video', 'video.deleted', byUploader.requestId)).toMatchObject({
      actorId: user.id,
      target: { videoId: own.id, asAdmin: false },
      ...fromTheClient,
    });
    const theirs = await linkYoutubeVideo(member, { title: 'Taken down', categoryId });
    const byAdmin = await traced(admin.session, 'DELETE', `/api/videos/${theirs.id}`);
    expect(byAdmin.res.status).toBe(204);
    expect(await eventOf('video', 'video.deleted', byAdmin.requestId)).toMatchObject({
      actorId: admin.user.id,
      target: { videoId: theirs.id, uploaderId: user.id, asAdmin: true },
      ...fromTheClient,
    });

    const deletedUser = await traced(admin.session, 'DELETE', `/api/admin/users/${user.id}`);
    expect(deletedUser.res.status).toBe(204);
    expect(await eventOf('admin', 'admin.user.deleted', deletedUser.requestId)).toMatchObject({
      outcome: 'success',
      actorId: admin.user.id,
      target: { userId: user.id },
      ...fromTheClient,
    });
  });
});
