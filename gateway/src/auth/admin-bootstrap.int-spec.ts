import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UserDto } from '@app/contracts';
import {
  HttpSession,
  jsonLogLines,
  newUserFields,
  signIn,
  signUpMember,
  startApp,
  startStack,
  withClient,
  type RunningApp,
  type TestStack,
} from '@app/testing';

// The first admin from ADMIN_EMAIL + ADMIN_PASSWORD, through real auth processes started with
// them beside the stack's own gateway, auth and admin services (one database).
let stack: TestStack;
const replicas: RunningApp[] = [];

beforeAll(async () => {
  stack = await startStack('admin-bootstrap', ['gateway', 'auth', 'admin']);
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await stack?.stop();
});

/** One more auth process with these variables; it has done its bootstrap once it answers /healthz. */
async function authStartedWith(env: Record<string, string>): Promise<RunningApp> {
  const replica = await startApp('auth', { ...stack.envFor('auth'), LOG_LEVEL: 'info', ...env });
  replicas.push(replica);
  return replica;
}

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const accountsOf = (email: string) =>
  sql<{ id: string; isAdmin: boolean }>('SELECT id, "isAdmin" FROM auth.users WHERE email = $1', [email]);

const securityEvents = (app: RunningApp, event: string) =>
  jsonLogLines(app).filter((line) => line.security === true && line.event === event);

describe('the first admin', () => {
  it('is created at start with ADMIN_PASSWORD, can sign in, and is created once by replicas starting together', async () => {
    const ADMIN_EMAIL = 'boot.created@example.com';
    const ADMIN_PASSWORD = 'a long first admin passphrase';
    const together = await Promise.all([1, 2, 3].map(() => authStartedWith({ ADMIN_EMAIL, ADMIN_PASSWORD })));

    expect(await accountsOf(ADMIN_EMAIL)).toEqual([{ id: expect.any(String), isAdmin: true }]);
    expect(together.flatMap((replica) => securityEvents(replica, 'admin.bootstrap.created'))).toHaveLength(1);
    const { user } = await signIn(stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(user).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });

    // Registering that address now is a clash, not a second admin.
    const again = await new HttpSession(stack.baseUrl).post(
      '/api/auth/register',
      newUserFields({ email: ADMIN_EMAIL }),
    );
    expect(again.status).toBe(409);
  });

  it('is never granted by registering ADMIN_EMAIL, and ADMIN_EMAIL alone promotes nobody', async () => {
    const ADMIN_EMAIL = 'boot.squatter@example.com';
    const alone = await authStartedWith({ ADMIN_EMAIL });
    expect(jsonLogLines(alone)).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: expect.stringMatching(/ADMIN_EMAIL is set without ADMIN_PASSWORD/),
      }),
    );

    // The squatter registers the address first: an ordinary member.
    const { session, user } = await signUpMember(stack.baseUrl, { email: ADMIN_EMAIL });
    expect(user.isAdmin).toBe(false);
    await authStartedWith({ ADMIN_EMAIL });
    expect((await session.get<UserDto>('/api/auth/user')).body.isAdmin).toBe(false);
    expect((await session.get('/api/admin/users')).status).toBe(403);
  });

  it('promotes an existing account only when ADMIN_PASSWORD is its password, once: a demotion sticks across restarts', async () => {
    const ADMIN_EMAIL = 'boot.existing@example.com';
    const fields = newUserFields({ email: ADMIN_EMAIL, password: 'the owner passphrase' });
    const { session, user } = await signUpMember(stack.baseUrl, fields);

    const wrong = await authStartedWith({ ADMIN_EMAIL, ADMIN_PASSWORD: 'not the owner passphrase' });
    expect(jsonLogLines(wrong)).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: expect.stringMatching(/password is not ADMIN_PASSWORD: it was not made an admin/),
      }),
    );
    expect(securityEvents(wrong, 'admin.bootstrap.refused')).toHaveLength(1);
    expect(await accountsOf(ADMIN_EMAIL)).toEqual([{ id: user.id, isAdmin: false }]);

    const right = await authStartedWith({ ADMIN_EMAIL, ADMIN_PASSWORD: fields.password });
    expect(securityEvents(right, 'admin.bootstrap.promoted')).toEqual([
      expect.objectContaining({ actorId: 'system', target: { userId: user.id, email: ADMIN_EMAIL } }),
    ]);
    expect((await session.get<UserDto>('/api/auth/user')).body.isAdmin).toBe(true);

    // Another admin (the stack's own first admin from the test above) demotes it...
    const other = await signIn(stack.baseUrl, 'boot.created@example.com', 'a long first admin passphrase');
    const demoted = await other.session.request<UserDto>('PATCH', `/api/admin/users/${user.id}/toggle-admin`);
    expect(demoted.body).toMatchObject({ id: user.id, isAdmin: false });

    // ...and a restart with the same variables leaves it demoted.
    const restarted = await authStartedWith({ ADMIN_EMAIL, ADMIN_PASSWORD: fields.password });
    expect(securityEvents(restarted, 'admin.bootstrap.promoted')).toEqual([]);
    expect(await accountsOf(ADMIN_EMAIL)).toEqual([{ id: user.id, isAdmin: false }]);
    expect((await session.get<UserDto>('/api/auth/user')).body.isAdmin).toBe(false);
  });
});
