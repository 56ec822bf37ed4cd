import type { UserDto, VideoDto } from '@app/contracts';

/**
 * A browser-like HTTP client for integration tests: it keeps the cookies the gateway sets, so a
 * test can sign up, act as that user and sign out, exactly as a browser would.
 */
export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface HttpSessionRequest {
  json?: unknown;
  form?: FormData;
  /** A body sent exactly as written (JSON that JSON.stringify cannot write, say); set its content-type in `headers`. */
  text?: string;
  headers?: Record<string, string>;
}

export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** The current value of a cookie the server set, if any. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = unknown>(method: string, path: string, options: HttpSessionRequest = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.text !== undefined) {
      body = options.text;
    }
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    const parsed: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, json?: unknown) {
    return this.request<T>('POST', path, { json });
  }
  put<T = unknown>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, { json });
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let userCounter = 0;

/** Registration fields with a unique email; override any of them. */
export function newUserFields(
  overrides: Partial<Record<'email' | 'password' | 'firstName' | 'lastName' | 'description', string>> = {},
) {
  userCounter += 1;
  return {
    email: `member${Date.now().toString(36)}${userCounter}@example.com`,
    password: 'correct horse battery',
    firstName: 'Casey',
    lastName: 'Jordan',
    ...overrides,
  };
}

/** A new member, signed in: registers unique fields (any of them overridden) and keeps the session. */
export async function signUpMember(
  baseUrl: string,
  overrides: Parameters<typeof newUserFields>[0] = {},
): Promise<{ session: HttpSession; user: UserDto }> {
  const session = new HttpSession(baseUrl);
  const res = await session.post<UserDto>('/api/auth/register', newUserFields(overrides));
  if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { session, user: res.body };
}

/**
 * The first admin a stack makes at start: pass `{ ADMIN_EMAIL, ADMIN_PASSWORD }` of one of
 * these to `startStack`, then `signIn` with them. Registering an address never grants admin.
 */
export const firstAdmin = (email: string) => ({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first admin passphrase' });

/** Signs in with email and password; the session keeps the cookie. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ session: HttpSession; user: UserDto }> {
  const session = new HttpSession(baseUrl);
  const res = await session.post<UserDto>('/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { session, user: res.body };
}

let linkCounter = 0;

/**
 * The form the upload dialog posts for a YouTube link. Without a `youtubeId`, each call links an
 * id of its own (11 characters, as YouTube's are), so a spec can add as many videos as it needs.
 */
export function youtubeLinkForm(fields: { title: string; categoryId: number; youtubeId?: string }): FormData {
  linkCounter += 1;
  const youtubeId = fields.youtubeId ?? `ln${String(linkCounter).padStart(9, '0')}`;
  const form = new FormData();
  form.append('title', fields.title);
  form.append('categoryId', String(fields.categoryId));
  form.append('youtubeUrl', `https://www.youtube.com/watch?v=${youtubeId}`);
  return form;
}

/** A video linked from YouTube by the session's member, as the upload dialog posts it. */
export async function linkYoutubeVideo(
  session: HttpSession,
  fields: Parameters<typeof youtubeLinkForm>[0],
): Promise<VideoDto> {
  const res = await session.request<VideoDto>('POST', '/api/videos', { form: youtubeLinkForm(fields) });
  if (res.status !== 201) throw new Error(`linking a video answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
