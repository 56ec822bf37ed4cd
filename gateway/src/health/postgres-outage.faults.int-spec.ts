import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UserDto, VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  newUserFields,
  startPrivatePostgres,
  startStack,
  type HttpResult,
  type PrivatePostgres,
  type TestStack,
  youtubeLinkForm,
} from '@app/testing';

// Fault: PostgreSQL stops. Every request that needs it is a prompt 503 with a message a person
// can act on (never a 500, never a hang); once it is back the same processes serve again, with
// the sessions and the data from before, and nothing crashed in between. The stack runs on a
// server of its own, so the run's shared PostgreSQL stays up for every other test.
const UNAVAILABLE = { message: 'The database is temporarily unavailable. Please try again shortly.' };
/** A client gives up long before this; the point is that nothing waits on a dead connection. */
const ANSWER_WITHIN_MS = 10_000;

let postgres: PrivatePostgres;
let stack: TestStack;

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  stack = await startStack('pg-outage', ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications'], {
    DATABASE_URL: postgres.url,
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  await postgres?.destroy();
}, 60_000);

/** The answer, and that it came within the bound. */
async function promptly<T>(call: () => Promise<HttpResult<T>>): Promise<HttpResult<T>> {
  const started = Date.now();
  const res = await call();
  expect(Date.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
  return res;
}

const processes = () => [...stack.apps.values()].flat();

describe('a PostgreSQL outage', () => {
  it('answers 503 while the database is down and recovers fully when it returns', async () => {
    const memberFields = newUserFields();
    const member = new HttpSession(stack.baseUrl);
    const registered = await member.post<UserDto>('/api/auth/register', memberFields);
    expect(registered.status).toBe(201);
    const categoryId = (await member.get<{ id: number }[]>('/api/categories')).body[0]!.id;
    const before = await member.request<VideoDto>('POST', '/api/videos', {
      form: youtubeLinkForm({ title: 'Before the outage', categoryId, youtubeId: 'pgoutage001' }),
    });
    expect(before.status).toBe(201);
    const visitor = new HttpSession(stack.baseUrl);
    const cookie = member.cookie('vf.sid');

    await postgres.stop();

    const outage = {
      list: await promptly(() => visitor.get('/api/videos')),
      video: await promptly(() => visitor.get(`/api/videos/${before.body.id}`)),
      categories: await promptly(() => visitor.get('/api/categories')),
      signedIn: await promptly(() => member.get('/api/auth/user')),
      login: await promptly(() =>
        new HttpSession(stack.baseUrl).post('/api/auth/login', {
          email: memberFields.email,
          password: memberFields.password,
        }),
      ),
      register: await promptly(() => new HttpSession(stack.baseUrl).post('/api/auth/register', newUserFields())),
      write: await promptly(() =>
        member.request('POST', '/api/videos', {
          form: youtubeLinkForm({ title: 'During the outage', categoryId, youtubeId: 'pgoutage002' }),
        }),
      ),
    };
    for (const [call, res] of Object.entries(outage)) {
      expect({ call, status: res.status, body: res.body }).toEqual({ call, status: 503, body: UNAVAILABLE });
    }
    const ready = await promptly(() =>
      visitor.get<{ status: string; checks: { name: string; ok: boolean }[] }>('/readyz'),
    );
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toContainEqual(expect.objectContaining({ name: 'postgres', ok: false }));
    // Nothing told the browser to forget its session.
    expect(member.cookie('vf.sid')).toBe(cookie);
    // Hold the outage over several rounds of the outbox relays and the user-deletion saga (they poll
    // every second), then ask again: later calls meet a refused connect, not a dropped one.
    for (const app of processes().filter((app) => app.name !== 'gateway')) {
      await eventually(
        () => fetch(`http://127.0.0.1:${app.port}/readyz`).then((res) => res.status),
        (status) => status === 503,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const res of [
      await promptly(() => visitor.get('/api/videos')),
      await promptly(() => member.get('/api/auth/user')),
      await promptly(() => member.post('/api/bookmarks', { videoId: before.body.id })),
    ]) {
      expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: UNAVAILABLE });
    }

    await postgres.start();

    const list = await eventually(
      () => visitor.get<VideoDto[]>('/api/videos'),
      (res) => res.status === 200,
      30_000,
    );
    expect(list.body.map((video) => video.id)).toContain(before.body.id);
    const me = await eventually(
      () => member.get<UserDto>('/api/auth/user'),
      (res) => res.status === 200,
      30_000,
    );
    expect(me.body.id).toBe(registered.body.id);
    const after = await member.request<VideoDto>('POST', '/api/videos', {
      form: youtubeLinkForm({ title: 'After the outage', categoryId, youtubeId: 'pgoutage003' }),
    });
    expect(after.status).toBe(201);
    expect((await visitor.get<VideoDto>(`/api/videos/${after.body.id}`)).body.title).toBe('After the outage');
    expect((await visitor.get<VideoDto>(`/api/videos/${before.body.id}`)).body.title).toBe('Before the outage');
    const again = new HttpSession(stack.baseUrl);
    expect(
      (await again.post('/api/auth/login', { email: memberFields.email, password: memberFields.password })).status,
    ).toBe(200);
    expect((await again.get<UserDto>('/api/auth/user')).body.id).toBe(registered.body.id);
    await eventually(
      () => visitor.get('/readyz'),
      (res) => res.status === 200,
      30_000,
    );

    // The same processes answered throughout: none crashed or was restarted.
    for (const app of processes()) {
      expect({ app: app.name, exitCode: app.process.exitCode, signal: app.process.signalCode }).toEqual({
        app: app.name,
        exitCode: null,
        signal: null,
      });
      expect(app.output()).not.toMatch(/unhandledRejection|UnhandledPromiseRejection|uncaughtException|Node\.js v\d+/);
    }
  }, 150_000);
});
