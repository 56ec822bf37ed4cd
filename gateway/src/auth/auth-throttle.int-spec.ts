import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES } from '@app/contracts';
import { HttpSession, newUserFields, startStack, type TestStack } from '@app/testing';

// Throttling with small limits, counted in Redis: per email, per IP, and registrations per IP.
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack('throttle', ['gateway', 'auth'], {
    THROTTLE_LOGIN_PER_EMAIL: '3',
    THROTTLE_LOGIN_PER_IP: '10',
    THROTTLE_REGISTER_PER_IP: '4',
  });
});

afterAll(async () => {
  await stack?.stop();
});

const login = (email: string, password: string) =>
  new HttpSession(stack.baseUrl).post<{ message: string; retryAfterSeconds?: number }>('/api/auth/login', {
    email,
    password,
  });

describe('auth throttling', () => {
  it('limits failed logins per email and per IP, and registrations per IP', async () => {
    // Two accounts use 2 of the 4 registrations this IP may make in an hour.
    const alice = newUserFields();
    const bob = newUserFields();
    for (const fields of [alice, bob]) {
      expect((await new HttpSession(stack.baseUrl).post('/api/auth/register', fields)).status).toBe(201);
    }

    // Per email: after 3 failures even the right password waits (IP count: 4).
    for (let i = 0; i < 3; i += 1) expect((await login(alice.email, 'wrong password')).status).toBe(401);
    const locked = await login(alice.email, alice.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many login attempts\. Please wait 15 minutes and try again\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(locked.body.message).not.toMatch(/password|email|credentials/i);

    // A success clears that email's failures (IP count: 6, then 7 and back to 6, then 8).
    for (let i = 0; i < 2; i += 1) expect((await login(bob.email, 'wrong password')).status).toBe(401);
    expect((await login(bob.email, bob.password)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await login(bob.email, 'wrong password')).body).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    }

    // Per IP: the 11th counted attempt from this address is refused, whatever the email.
    expect((await login('stranger1@example.com', 'guess')).status).toBe(401);
    expect((await login('stranger2@example.com', 'guess')).status).toBe(401);
    expect((await login('stranger3@example.com', 'guess')).status).toBe(429);

    // Registrations: 2 more are allowed, the 5th in the hour is refused.
    expect((await new HttpSession(stack.baseUrl).post('/api/auth/register', newUserFields())).status).toBe(201);
    expect((await new HttpSession(stack.baseUrl).post('/api/auth/register', newUserFields())).status).toBe(201);
    const refused = await new HttpSession(stack.baseUrl).post<{ message: string }>(
      '/api/auth/register',
      newUserFields(),
    );
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many sign-ups from this network\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
