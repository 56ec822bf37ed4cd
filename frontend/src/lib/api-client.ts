import { parseNextPageLink } from '@app/contracts';
import { toast } from '@/components/ui/toast';
import { LOGIN_REDIRECT_URL, UNAUTHORIZED_MESSAGE, UNAUTHORIZED_REDIRECT_DELAY_MS } from '@/config/constants';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Raised for every non-OK response; `message` follows the spec's rule "{status}: {body or statusText}". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type RequestOptions = {
  /** JSON-serialisable value, or FormData for multipart uploads. Omit to send no body. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What a 401 does. 'throw' (default): the logged-out notice, the redirect to sign in, then the
   * error. 'returnNull': resolves to null without the notice, for lookups such as the current user
   * where being signed out is an ordinary answer. 'throwSilently': only the error, for calls whose
   * screen reports the 401 itself (a wrong password on sign-in, the 'Unauthorized' profile toast).
   */
  on401?: 'throw' | 'returnNull' | 'throwSilently';
};

/**
 * The `message` of a JSON error body (every API error carries one), or the body itself when it is
 * short plain text; undefined for anything else, including errors that never reached the server.
 */
export function getServerMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body.trim();
  if (body === '') return undefined;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim() !== '') return message;
      if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    }
    return undefined;
  } catch {
    return body.length <= 200 && !body.startsWith('<') ? body : undefined;
  }
}

const UNAUTHORIZED_PATTERN = /^401: .*Unauthorized/;

/** True for errors produced by a 401 Unauthorized response. */
export function isUnauthorizedError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 401;
  if (!(error instanceof Error)) return false;
  // Fetchers that re-raise with their own message keep the response error as the cause.
  return UNAUTHORIZED_PATTERN.test(error.message) || (error.cause !== undefined && isUnauthorizedError(error.cause));
}

let loginRedirectScheduled = false;

/** Shows the logged-out notice and sends the browser to sign in; repeated calls are collapsed. */
export function handleUnauthorized(title?: string): void {
  if (loginRedirectScheduled) return;
  loginRedirectScheduled = true;
  toast({
    title: title ?? UNAUTHORIZED_MESSAGE,
    description: title ? UNAUTHORIZED_MESSAGE : undefined,
    variant: 'destructive',
  });
  window.setTimeout(() => {
    window.location.href = LOGIN_REDIRECT_URL;
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

function buildInit(method: HttpMethod, options: RequestOptions): RequestInit {
  const init: RequestInit = { method, credentials: 'include', signal: options.signal };
  if (options.body === undefined) return init;
  if (options.body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = options.body;
    return init;
  }
  init.headers = { 'Content-Type': 'application/json' };
  init.body = JSON.stringify(options.body);
  return init;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  return contentType.includes('json') ? (JSON.parse(text) as unknown) : text;
}

export async function apiRequest<T>(
  method: HttpMethod,
  url: string,
  options: RequestOptions & { on401: 'returnNull' },
): Promise<T | null>;
export async function apiRequest<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T>;
export async function apiRequest<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T | null> {
  const response = await fetch(url, buildInit(method, options));

  if (response.status === 401 && options.on401 === 'returnNull') {
    // Read to its end all the same: until then the browser counts the request as still loading.
    await response.text();
    return null;
  }

  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, await response.text());
    if (response.status === 401 && options.on401 !== 'throwSilently') handleUnauthorized();
    throw error;
  }

  return (await parseBody(response)) as T;
}

export interface UploadOptions {
  /** Bytes of the request body sent so far, of its total; called as they go out. */
  onProgress?: (loaded: number, total: number) => void;
  /** Every byte is sent: from now on the server is working on the request. */
  onSent?: () => void;
  /** Aborting cuts the transfer off; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Raised when the connection fails before an answer arrives (not a server's refusal). */
export class UploadConnectionError extends Error {
  constructor() {
    super('The connection was lost during the upload. Please try again.');
    this.name = 'UploadConnectionError';
  }
}

/** True for the rejection of a request its caller aborted. */
export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * POSTs a multipart body reporting how much of it has gone out: XMLHttpRequest is the one browser
 * API with upload progress (fetch has none). Same rules as apiRequest: credentials, the
 * "{status}: {body}" error, and a 401 sends the member to sign in; the answer is JSON.
 */
export function apiUpload<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', url);
    xhr.withCredentials = true;
    // Listening on xhr.upload before send() is what makes the browser report progress.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => options.onSent?.());
    xhr.addEventListener('load', () => {
      settle();
      const error = new ApiError(xhr.status, xhr.statusText, xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) handleUnauthorized();
        reject(error);
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(error);
      }
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(aborted());
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new UploadConnectionError());
    });
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/** One page of a list: its items, and the URL of the next page when the server named one (`Link: rel="next"`). */
export type ApiPage<T> = { items: T[]; nextUrl: string | null };

/** GET a list page: the JSON array body, and the next page's URL from the Link header. */
export async function apiGetPage<T>(url: string, options: Omit<RequestOptions, 'body'> = {}): Promise<ApiPage<T>> {
  const response = await fetch(url, buildInit('GET', options));
  if (!response.ok) {
    const error = new ApiError(response.status, response.statusText, await response.text());
    if (response.status === 401 && options.on401 !== 'throwSilently' && options.on401 !== 'returnNull')
      handleUnauthorized();
    throw error;
  }
  const body = await parseBody(response);
  return { items: Array.isArray(body) ? (body as T[]) : [], nextUrl: parseNextPageLink(response.headers.get('link')) };
}

// A 401-as-null answer changes the return type, so it is only offered through apiRequest.
type BodylessOptions = Omit<RequestOptions, 'body' | 'on401'> & { on401?: 'throw' | 'throwSilently' };

export const api = {
  get: <T>(url: string, options?: BodylessOptions) => apiRequest<T>('GET', url, options),
  delete: <T = void>(url: string, options?: BodylessOptions) => apiRequest<T>('DELETE', url, options),
  post: <T = void>(url: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('POST', url, { ...options, body }),
  put: <T = void>(url: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('PUT', url, { ...options, body }),
  patch: <T = void>(url: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>('PATCH', url, { ...options, body }),
};
