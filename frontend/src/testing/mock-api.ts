/*
 * A stand-in for the server at the HTTP level, for route tests: the app's own api-client,
 * query client and features run unchanged and send real `fetch` calls, which this answers.
 * (MSW would do the same, but its current major needs Node 22, which this project does not
 * require, and an older major means a second copy of the Fetch API inside Jest's jsdom.)
 */

export type MockRequest = {
  method: string;
  /** The path and query as the app asked for them, e.g. /api/videos?limit=12. */
  url: URL;
  /** The `:name` parts of the route's pattern. */
  params: Record<string, string>;
  /** A JSON body, parsed; undefined when none was sent. */
  body: unknown;
};

export type MockReply = { status: number; body?: unknown; statusText?: string; headers?: Record<string, string> };

type Handler = (request: MockRequest) => MockReply | Promise<MockReply>;

type Route = { method: string; pattern: RegExp; names: string[]; handler: Handler };

/** A JSON answer, 200 unless told otherwise. */
export const json = (body: unknown, status = 200): MockReply => ({ status, body });

/** A list page as the gateway answers it: the JSON array, and the next page's URL in a Link header when given. */
export const listPage = (items: unknown[], next?: string): MockReply => ({
  status: 200,
  body: items,
  headers: next === undefined ? {} : { link: `<${next}>; rel="next"` },
});

/** A page of GET /api/notifications: the items, the unread count and the next page's cursor. */
export const notificationsPage = (items: unknown[], unreadCount: number, nextCursor: string | null = null): MockReply =>
  json({ items, unreadCount, nextCursor });

/** An error answer in the gateway's shape: `{ message }` with the status. */
export const failure = (status: number, message: string): MockReply => ({ status, body: { message } });

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function toResponse(reply: MockReply): Response {
  const text = reply.body === undefined ? null : JSON.stringify(reply.body);
  return new Response(text, {
    status: reply.status,
    statusText: reply.statusText ?? STATUS_TEXT[reply.status] ?? '',
    headers: { ...(text === null ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...reply.headers },
  });
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * The mocked server: routes by method and path (`/api/videos/:id`), the query string left to the
 * handler. A request no route answers fails like a network error and is listed in `unhandled`,
 * so a screen asking for something the test did not expect cannot pass by accident.
 */
export class MockApi {
  private readonly routes: Route[] = [];
  /** Every request the app sent, in order, as "GET /api/videos?limit=12". */
  readonly requests: string[] = [];
  /** The requests no route answered. */
  readonly unhandled: string[] = [];

  constructor() {
    // The header's bell asks on every page a member sees: an empty inbox unless a test answers
    // otherwise (a later route wins).
    this.get('/api/notifications', () => notificationsPage([], 0));
  }

  on(method: string, path: string, handler: Handler): this {
    const { pattern, names } = compile(path);
    // The latest wins, so a test can override a default answer.
    this.routes.unshift({ method: method.toUpperCase(), pattern, names, handler });
    return this;
  }

  get(path: string, handler: Handler): this {
    return this.on('GET', path, handler);
  }

  /** The `fetch` the app gets: relative URLs, as the browser resolves them against the page. */
  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const line = `${method} ${url.pathname}${url.search}`;
    this.requests.push(line);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      return toResponse(await route.handler({ method, url, params, body }));
    }
    this.unhandled.push(line);
    throw new TypeError(`mock API: no answer for ${line}`);
  };
}
