import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, type UserDto } from '@app/contracts';
import { HttpSession, newUserFields, startStack, withClient, type TestStack } from '@app/testing';

// Sign-up, sign-in and sessions through the real gateway and auth service, with sessions in Postgres.
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('auth', ['gateway', 'auth'], { PASSWORD_HASH_COST_LOG2: '17' });
});

afterAll(async () => {
  await stack?.stop();
});

const browser = () => new HttpSession(stack.baseUrl);
const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

async function registered(overrides: Parameters<typeof newUserFields>[0] = {}) {
  const session = browser();
  const fields = newUserFields(overrides);
  const res = await session.post<UserDto>('/api/auth/register', fields);
  expect(res.status).toBe(201);
  return { session, fields, user: res.body };
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs the new user in and never returns the password', async () => {
    const session = browser();
    const fields = newUserFields({ email: '  New.Member@Example.COM ', description: 'Weekend golfer' });
    const res = await session.post<UserDto & { password?: string }>('/api/auth/register', fields);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'new.member@example.com',
      firstName: 'Casey',
      lastName: 'Jordan',
      description: 'Weekend golfer',
      profileImageUrl: null,
      isAdmin: false,
      points: 0,
      badges: [],
      createdAt: expect.any(String),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vf.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await session.get<UserDto>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);

    const [row] = await sql<{ password: string }>('SELECT password FROM auth.users WHERE id = $1', [res.body.id]);
    expect(row?.password).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(row?.password).not.toContain(fields.password);
  });

  it('ignores isAdmin, points and ids sent by the client', async () => {
    const res = await browser().post<UserDto>('/api/auth/register', {
      ...newUserFields(),
      isAdmin: true,
      points: 1000,
      id: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isAdmin: false, points: 0 });
    expect(res.body.id).not.toBe('00000000-0000-0000-0000-000000000000');
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    ['an email over 255 characters', { email: `${'a'.repeat(250)}@example.com` }, AUTH_MESSAGES.emailTooLong],
    ['a 5-character password', { password: '12345' }, AUTH_MESSAGES.passwordTooShort],
    ['a password over 255 characters', { password: 'p'.repeat(256) }, AUTH_MESSAGES.passwordTooLong],
    ['one of the most common passwords', { password: 'Password1' }, AUTH_MESSAGES.passwordTooCommon],
    ['a blank first name', { firstName: '   ' }, AUTH_MESSAGES.firstNameRequired],
    ['a missing first name', { firstName: undefined }, AUTH_MESSAGES.firstNameRequired],
    ['a blank last name', { lastName: '' }, AUTH_MESSAGES.lastNameRequired],
    ['a first name over 100 characters', { firstName: 'f'.repeat(101) }, AUTH_MESSAGES.firstNameTooLong],
    ['a last name over 100 characters', { lastName: 'l'.repeat(101) }, AUTH_MESSAGES.lastNameTooLong],
    ['a description over 1000 characters', { description: 'd'.repeat(1001) }, AUTH_MESSAGES.descriptionTooLong],
  ])('refuses %s with the rule’s message', async (_, override, message) => {
    const session = browser();
    const res = await session.post<{ message: string }>('/api/auth/register', { ...newUserFields(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(session.cookie('vf.sid')).toBeUndefined();
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await browser().post<{ message: string }>('/api/auth/register', ['email']);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body must be a JSON object');
  });

  it('answers 409 for an email already in use, whatever its case', async () => {
    const { fields } = await registered();
    const res = await browser().post<{ message: string }>('/api/auth/register', {
      ...newUserFields(),
      email: fields.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: AUTH_MESSAGES.emailTaken });
  });

  it('keeps exactly one account when the same email registers twice at once', async () => {
    const fields = newUserFields();
    const results = await Promise.all([1, 2, 3].map(() => browser().post('/api/auth/register', fields)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await sql('SELECT id FROM auth.users WHERE email = $1', [fields.email]);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and stores the session in Postgres', async () => {
    const { fields, user } = await registered();
    const session = browser();
    const res = await session.post<UserDto>('/api/auth/login', {
      email: fields.email.toUpperCase(),
      password: fields.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: fields.email });
    expect((await session.get<UserDto>('/api/auth/user')).body.id).toBe(user.id);

    const rows = await sql<{ expire: Date }>(
      `SELECT expire FROM gateway.sessions WHERE sess->'passport'->>'user' = $1`,
      [user.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2); // the registration's and this one
    expect(rows.every((r) => r.expire.getTime() > Date.now())).toBe(true);
  });

  it('gives a new session id at login, so an earlier cookie cannot ride along', async () => {
    const { session, fields } = await registered();
    const before = session.cookie('vf.sid');
    expect((await session.post('/api/auth/login', { email: fields.email, password: fields.password })).status).toBe(
      200,
    );
    const after = session.cookie('vf.sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    const stale = browser();
    stale.setCookie('vf.sid', before!);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('says the same thing for a wrong password and an unknown email', async () => {
    const { fields } = await registered();
    const wrongPassword = await browser().post('/api/auth/login', { email: fields.email, password: 'wrong password' });
    const unknownEmail = await browser().post('/api/auth/login', { email: 'nobody@example.com', password: 'whatever' });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    }
  });

  it.each([
    ['an invalid email', { email: 'nope', password: 'x' }, AUTH_MESSAGES.invalidEmail],
    ['an empty password', { email: 'someone@example.com', password: '' }, AUTH_MESSAGES.passwordRequired],
    ['no password', { email: 'someone@example.com' }, AUTH_MESSAGES.passwordRequired],
  ])('refuses %s with the rule’s message', async (_, body, message) => {
    const res = await browser().post<{ message: string }>('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('signing out and the current user', () => {
  it('answers 401 {"message":"Unauthorized"} to a visitor', async () => {
    const res = await browser().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('POST /api/auth/logout destroys the stored session', async () => {
    const { session, user } = await registered();
    const sid = decodeURIComponent(session.cookie('vf.sid')!).slice(2).split('.')[0];
    expect(await sql('SELECT 1 FROM gateway.sessions WHERE sid = $1', [sid])).toHaveLength(1);

    expect((await session.post('/api/auth/logout')).status).toBe(204);
    expect(await sql('SELECT 1 FROM gateway.sessions WHERE sid = $1', [sid])).toHaveLength(0);
    expect((await session.get('/api/auth/user')).status).toBe(401);
    expect((await browser().get<UserDto>(`/api/users/${user.id}`)).status).toBe(200);
  });

  it('GET /api/login redirects to the login page and GET /api/logout signs out and goes home', async () => {
    const login = await browser().get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');

    const { session } = await registered();
    const logout = await session.get('/api/logout');
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/');
    expect((await session.get('/api/auth/user')).status).toBe(401);
  });

  it('ends the session of an account that no longer exists', async () => {
    const { session, user } = await registered();
    await sql('DELETE FROM auth.users WHERE id = $1', [user.id]);
    expect((await session.get('/api/auth/user')).status).toBe(401);
  });
});
