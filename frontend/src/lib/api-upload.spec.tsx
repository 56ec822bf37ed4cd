import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  ApiError,
  apiUpload,
  getServerMessage,
  isAbortError,
  isUnauthorizedError,
  UploadConnectionError,
} from './api-client';

/** A stand-in XMLHttpRequest the test drives: what was sent, then progress and the answer. */
class FakeXhr extends EventTarget {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: unknown;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  answer(status: number, body: string, statusText = '') {
    this.upload.dispatchEvent(new Event('load'));
    Object.assign(this, { status, statusText, responseText: body });
    this.dispatchEvent(new Event('load'));
  }
}

const original = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = original;
  jest.useRealTimers();
});

const form = () => {
  const body = new FormData();
  body.append('title', 'Serve');
  return body;
};
const lastRequest = () => FakeXhr.sent.at(-1)!;

describe('apiUpload', () => {
  it('POSTs the form with credentials, reports bytes sent and the last byte, and resolves the JSON answer', async () => {
    const events: string[] = [];
    const body = form();
    const answer = apiUpload<{ id: number }>('/api/videos', body, {
      onProgress: (loaded, total) => events.push(`${loaded}/${total}`),
      onSent: () => events.push('sent'),
    });
    const xhr = lastRequest();
    expect({ method: xhr.method, url: xhr.url, withCredentials: xhr.withCredentials, body: xhr.body }).toEqual({
      method: 'POST',
      url: '/api/videos',
      withCredentials: true,
      body,
    });
    xhr.progress(100, 300);
    xhr.progress(300, 300);
    xhr.answer(201, '{"id":7}');
    await expect(answer).resolves.toEqual({ id: 7 });
    expect(events).toEqual(['100/300', '300/300', 'sent']);
  });

  it('rejects a refusal with the API client’s "{status}: {body}" error, its message readable', async () => {
    const answer = apiUpload('/api/videos', form());
    lastRequest().answer(400, '{"message":"Video must be 2 minutes or shorter"}', 'Bad Request');
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Video must be 2 minutes or shorter"}');
    expect(getServerMessage(error)).toBe('Video must be 2 minutes or shorter');
  });

  it('treats a 401 as the rest of the app does: the error says Unauthorized', async () => {
    jest.useFakeTimers(); // the redirect to sign in is scheduled, never run here
    const answer = apiUpload('/api/videos', form());
    lastRequest().answer(401, '{"message":"Unauthorized"}', 'Unauthorized');
    const error = await answer.catch((caught: unknown) => caught);
    expect(isUnauthorizedError(error)).toBe(true);
  });

  it('cuts the transfer off when the signal aborts, and sends nothing for a signal already aborted', async () => {
    const cancel = new AbortController();
    const answer = apiUpload('/api/videos', form(), { signal: cancel.signal });
    lastRequest().progress(10, 300);
    cancel.abort();
    const error = await answer.catch((caught: unknown) => caught);
    expect(isAbortError(error)).toBe(true);

    const before = FakeXhr.sent.length;
    const never = apiUpload('/api/videos', form(), { signal: AbortSignal.abort() });
    expect(isAbortError(await never.catch((caught: unknown) => caught))).toBe(true);
    expect(FakeXhr.sent.length).toBe(before);
  });

  it('reports a lost connection as such, not as a server answer', async () => {
    const answer = apiUpload('/api/videos', form());
    lastRequest().dispatchEvent(new Event('error'));
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadConnectionError);
    expect(isAbortError(error)).toBe(false);
    expect(getServerMessage(error)).toBeUndefined();
  });
});
