import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, type UserDto } from '@app/contracts';
import { HttpSession, newUserFields, startStack, withClient, type TestStack } from '@app/testing';

// Session lifetimes, the session cookie and password changes, through the real gateway and auth
// service with sessions in Postgres. The limits are the defaults (idle 240 min, absolute 168 h);
// a test ages a session by moving the times stored in it, as the clock would.
const IDLE_MS = 240 * 60_000;
const ABSOLUTE_MS = 168 * 3_600_000;
const STEP_MS = 5 * 60_000;

let stack: TestStack;

beforeAll(async () => {
  // TRUST_PROXY: the cookie test speaks as the TLS-terminating proxy on loopback (X-Forwarded-Proto).
  stack = await startStack('sessions', ['gateway', 'auth'], { THROTTLE_LOGIN_PER_EMAIL: '3', TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  await stack?.stop();
});

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

/** The stored session id behind a signed cookie value (`s:<sid>.<signature>`). */
const sidOf = (cookie: string | undefined) =>
  decodeURIComponent(cookie ?? '')
    .slice(2)
    .split('.')[0]!;

interface StoredSession {
  createdAt?: number;
  lastSeen?: number;
  expire: Date;
}

async function stored(sid: string): Promise<StoredSession | undefined> {
  const [row] = await sql<{ sess: { createdAt?: number; lastSeen?: number }; expire: Date }>(
    'SELECT sess, expire FROM gateway.sessions WHERE sid = $1',
    [sid],
  );
  return row && { createdAt: row.sess.createdAt, lastSeen: row.sess.lastSeen, expire: row.expire };
}

/** Sets the session's stored times (null removes one) and pushes the row's own expiry a day out. */
async function age(sid: string, times: { createdAt?: number | null; lastSeen?: number | null }) {
  let sess = `sess::jsonb`;
  for (const [key, value] of Object.entries(times)) {
    sess = value === null ? `(${sess} - '${key}')` : `jsonb_set(${sess}, '{${key}}', '${value}'::jsonb)`;
  }
  await sql(`UPDATE gateway.sessions SET sess = (${sess})::json, expire = now() + interval '1 day' WHERE sid = $1`, [
    sid,
  ]);
}

async function registered(fields = newUserFields()) {
  const session = new HttpSession(stack.baseUrl);
  const res = await session.post<UserDto>('/api/auth/register', fields);
  expect(res.status).toBe(201);
  return { session, fields, user: res.body, sid: sidOf(session.cookie('vf.sid')) };
}

describe('session lifetimes', () => {
  it('ends a session idle for longer than the idle limit, on the server, and deletes its row', async () => {
    const { session, sid } = await registered();
    await age(sid, { lastSeen: Date.now() - IDLE_MS - 60_000 });
    expect((await session.get('/api/auth/user')).status).toBe(401);
    expect(await stored(sid)).toBeUndefined();
  });

  it('ends a session past its absolute limit however active it is, and one stored without times', async () => {
    const old = await registered();
    await age(old.sid, { createdAt: Date.now() - ABSOLUTE_MS - 60_000, lastSeen: Date.now() });
    expect((await old.session.get('/api/auth/user')).status).toBe(401);
    expect(await stored(old.sid)).toBeUndefined();

    const timeless = await registered();
    await age(timeless.sid, { createdAt: null, lastSeen: null });
    expect((await timeless.session.get('/api/auth/user')).status).toBe(401);
  });

  it('keeps a session alive within both limits, writing its row only once per step, not per request', async () => {
    const { session, sid } = await registered();
    const first = (await stored(sid))!;
    expect(first.lastSeen).toBe(first.createdAt);
    // The row expires at the earlier end: here the idle one.
    expect(Math.abs(first.expire.getTime() - (first.lastSeen! + IDLE_MS))).toBeLessThan(1000);

    for (let i = 0; i < 3; i += 1) expect((await session.get('/api/auth/user')).status).toBe(200);
    expect(await stored(sid)).toEqual(first);

    // A step later (still well within the idle limit) the next request moves lastSeen and the expiry.
    const lastSeen = Date.now() - STEP_MS - 60_000;
    await age(sid, { lastSeen });
    const before = Date.now();
    expect((await session.get('/api/auth/user')).status).toBe(200);
    const refreshed = (await stored(sid))!;
    expect(refreshed.lastSeen).toBeGreaterThanOrEqual(before);
    expect(Math.abs(refreshed.expire.getTime() - (refreshed.lastSeen! + IDLE_MS))).toBeLessThan(1000);

    // Near the absolute end, the row expires at that end rather than a full idle period later.
    const createdAt = Date.now() - ABSOLUTE_MS + 60 * 60_000;
    await age(sid, { createdAt, lastSeen });
    expect((await session.get('/api/auth/user')).status).toBe(200);
    expect(Math.abs((await stored(sid))!.expire.getTime() - (createdAt + ABSOLUTE_MS))).toBeLessThan(1000);
  });
});

describe('the session cookie', () => {
  it('is __Host-vf.sid (Secure, Path=/, no Domain) over HTTPS, and vf.sid on plain HTTP', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const session = new HttpSession(stack.baseUrl);
    const res = await session.request<UserDto>('POST', '/api/auth/register', { json: newUserFields(), headers: https });
    expect(res.status).toBe(201);
    // The session cookie, beside the page-readable signed-in marker (no id in it: see signed-in-marker.ts).
    const all = res.headers.getSetCookie();
    const marker = all.find((cookie) => cookie.startsWith('__Host-vf.signed-in='));
    const cookies = all.filter((cookie) => cookie !== marker);
    expect(marker).toMatch(/^__Host-vf\.signed-in=1;.*Secure/i);
    expect(marker).not.toMatch(/HttpOnly/i);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^__Host-vf\.sid=/);
    expect(cookies[0]).toMatch(/; Secure/i);
    expect(cookies[0]).toMatch(/; Path=\//i);
    expect(cookies[0]).toMatch(/; HttpOnly/i);
    expect(cookies[0]).toMatch(/; SameSite=Lax/i);
    expect(cookies[0]).not.toMatch(/Domain=/i);
    expect((await session.request('GET', '/api/auth/user', { headers: https })).status).toBe(200);
    // The cookie's expiry is the absolute end of the sign-in.
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookies[0]!)![1]!);
    expect(Math.abs(expires - (Date.now() + ABSOLUTE_MS))).toBeLessThan(60_000);

    const logout = await session.request('POST', '/api/auth/logout', { headers: https });
    expect(logout.status).toBe(204);
    expect(logout.headers.getSetCookie().find((c) => c.startsWith('__Host-vf.sid='))).toMatch(
      /^__Host-vf\.sid=;.*Secure/i,
    );

    const plain = await new HttpSession(stack.baseUrl).post('/api/auth/register', newUserFields());
    const plainCookie = plain.headers.getSetCookie().find((c) => c.startsWith('vf.sid='));
    expect(plainCookie).toMatch(/^vf\.sid=/);
    expect(plainCookie).not.toMatch(/Secure/i);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (session: HttpSession, currentPassword: string, newPassword: string) =>
    session.put<{ message: string }>('/api/auth/password', { currentPassword, newPassword });

  it('changes the password: this session stays signed in under a new id, every other one ends', async () => {
    const { session, fields, user, sid } = await registered();
    const others = [new HttpSession(stack.baseUrl), new HttpSession(stack.baseUrl)];
    for (const other of others) {
      expect((await other.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(
        200,
      );
    }
    const elsewhere = await registered(); // another member's session is not touched

    const res = await change(session, fields.password, 'a brand new passphrase');
    expect(res.status).toBe(204);
    const newSid = sidOf(session.cookie('vf.sid'));
    expect(newSid).not.toBe(sid);
    expect((await session.get<UserDto>('/api/auth/user')).body.id).toBe(user.id);
    for (const other of others) expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.session.get('/api/auth/user')).status).toBe(200);
    const stale = new HttpSession(stack.baseUrl);
    stale.setCookie('vf.sid', encodeURIComponent(`s:${sid}.x`));
    expect((await stale.get('/api/auth/user')).status).toBe(401);
    expect(await sql(`SELECT sid FROM gateway.sessions WHERE sess -> 'passport' ->> 'user' = $1`, [user.id])).toEqual([
      { sid: newSid },
    ]);

    const old = await new HttpSession(stack.baseUrl).post('/api/auth/login', {
      email: fields.email,
      password: fields.password,
    });
    expect(old.status).toBe(401);
    const fresh = await new HttpSession(stack.baseUrl).post('/api/auth/login', {
      email: fields.email,
      password: 'a brand new passphrase',
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses a visitor, a missing or wrong current password and a new one that breaks the rules', async () => {
    const { session, fields } = await registered();
    expect((await change(new HttpSession(stack.baseUrl), fields.password, 'another passphrase')).status).toBe(401);

    const missing = await session.put<{ message: string }>('/api/auth/password', { newPassword: 'another passphrase' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(AUTH_MESSAGES.currentPasswordRequired);

    for (const [newPassword, message] of [
      ['12345', AUTH_MESSAGES.passwordTooShort],
      ['p'.repeat(256), AUTH_MESSAGES.passwordTooLong],
      ['iloveyou', 'This password is too common. Please choose another one.'],
    ] as const) {
      const res = await change(session, fields.password, newPassword);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }

    const wrong = await change(session, 'not my passphrase', 'another passphrase');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect' });
    expect((await session.get('/api/auth/user')).status).toBe(200); // a wrong guess does not sign out
  });

  it('counts wrong current passwords with the failed logins of that email, so they cannot be guessed', async () => {
    const { session, fields } = await registered();
    // THROTTLE_LOGIN_PER_EMAIL is 3 in this stack.
    for (let i = 0; i < 3; i += 1) expect((await change(session, `guess ${i}`, 'another passphrase')).status).toBe(400);
    const locked = await change(session, fields.password, 'another passphrase');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many login attempts\./);
    const login = await new HttpSession(stack.baseUrl).post('/api/auth/login', {
      email: fields.email,
      password: fields.password,
    });
    expect(login.status).toBe(429);
  });
});
