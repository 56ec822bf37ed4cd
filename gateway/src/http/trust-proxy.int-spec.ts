import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpSession, newUserFields, startApp, startStack, type RunningApp, type TestStack } from '@app/testing';

// Who may name the client's address and scheme. By default nobody: a client's own
// X-Forwarded-For never becomes its address, so rotating it does not escape the per-IP login
// limit, and X-Forwarded-Proto does not make the gateway think it is behind TLS. With
// TRUST_PROXY=1 (one ingress in front) the last hop's header is believed, for both.
const LOGIN_LIMIT_PER_IP = 3;

let stack: TestStack;
let behindIngress: RunningApp;

beforeAll(async () => {
  stack = await startStack('trust-proxy', ['gateway', 'auth'], {
    THROTTLE_LOGIN_PER_IP: String(LOGIN_LIMIT_PER_IP),
  });
  behindIngress = await startApp('gateway', { ...stack.envFor('gateway'), TRUST_PROXY: '1' });
});

afterAll(async () => {
  await behindIngress?.stop();
  await stack?.stop();
});

const ingressUrl = () => `http://127.0.0.1:${behindIngress.port}`;

/** A failed login claiming to come from `forwardedFor`; answers the status. */
async function failedLogin(baseUrl: string, forwardedFor: string): Promise<number> {
  const res = await new HttpSession(baseUrl).request('POST', '/api/auth/login', {
    json: { email: newUserFields().email, password: 'wrong password' },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return res.status;
}

describe('TRUST_PROXY', () => {
  it('by default ignores X-Forwarded-For: rotating it does not escape the per-IP login limit', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT_PER_IP + 3; i += 1)
      statuses.push(await failedLogin(stack.baseUrl, `203.0.113.${i}`));
    expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT_PER_IP).fill(401), ...Array<number>(3).fill(429)]);
  });

  it('with a hop count believes the address the ingress adds, and counts per that address', async () => {
    // A different client address per request: each has its own count.
    const rotating: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT_PER_IP + 3; i += 1)
      rotating.push(await failedLogin(ingressUrl(), `198.51.100.${i}`));
    expect(rotating).toEqual(Array<number>(LOGIN_LIMIT_PER_IP + 3).fill(401));
    // One client behind the ingress: the limit holds. What the client put in front of the
    // ingress's entry (its own forged hop) changes nothing.
    const one: number[] = [];
    for (let i = 1; i <= LOGIN_LIMIT_PER_IP + 1; i += 1)
      one.push(await failedLogin(ingressUrl(), `10.9.9.${i}, 192.0.2.50`));
    expect(one).toEqual([...Array<number>(LOGIN_LIMIT_PER_IP).fill(401), 429]);
  });

  it('detects TLS (Secure cookie, HSTS) from X-Forwarded-Proto only through a trusted proxy', async () => {
    const signIn = async (baseUrl: string) => {
      const fields = newUserFields();
      return new HttpSession(baseUrl).request('POST', '/api/auth/register', {
        json: fields,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.77' },
      });
    };
    const direct = await signIn(stack.baseUrl);
    expect(direct.status).toBe(201);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
    expect(direct.headers.getSetCookie().join('\n')).not.toMatch(/;\s*secure/i);

    const proxied = await signIn(ingressUrl());
    expect(proxied.status).toBe(201);
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const cookies = proxied.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });
});
