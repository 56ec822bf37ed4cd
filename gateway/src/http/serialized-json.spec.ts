import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { jsonCompression } from './json-compression.js';
import { SerializedJson } from './serialized-json.js';

// The same value answered twice by one Express app behind the gateway's compression middleware:
// by res.json on every request, and from one SerializedJson kept across requests. A client must
// not be able to tell them apart but by the compressed bytes' length.
const LARGE = Array.from({ length: 12 }, (_, id) => ({ id, title: `Serve drill ${id}`, note: 'ü'.repeat(60) }));
const SMALL = [{ id: 1, title: 'One' }];

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(jsonCompression);
  const kept = { large: new SerializedJson(LARGE), small: new SerializedJson(SMALL) };
  app.get('/json/:size', (req, res) => void res.json(req.params.size === 'large' ? LARGE : SMALL));
  app.get('/kept/:size', (req, res, next) => {
    kept[req.params.size === 'large' ? 'large' : 'small'].send(req, res).catch(next);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body is not decoded. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = ({ headers, body }: RawAnswer) =>
  headers['content-encoding'] === 'br'
    ? brotliDecompressSync(body)
    : headers['content-encoding'] === 'gzip'
      ? gunzipSync(body)
      : body;

/** What a client sees of an answer, its body decoded. */
const seen = (answer: RawAnswer) => ({
  status: answer.status,
  type: answer.headers['content-type'],
  etag: answer.headers.etag,
  vary: answer.headers.vary,
  encoding: answer.headers['content-encoding'],
  body: decoded(answer).toString('utf8'),
});

describe('SerializedJson', () => {
  it('answers what res.json answers behind the compression middleware, per Accept-Encoding', async () => {
    for (const size of ['large', 'small']) {
      for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br', 'gzip', 'br;q=0.5, gzip', 'identity', undefined]) {
        const headers: Record<string, string> =
          acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        const expected = await raw(`/json/${size}`, headers);
        // Twice: the second answer is the kept one.
        for (let i = 0; i < 2; i += 1) {
          const answer = await raw(`/kept/${size}`, headers);
          expect({ size, acceptEncoding, ...seen(answer) }).toEqual({ size, acceptEncoding, ...seen(expected) });
          // Sent whole, so with its length (the middleware streams what it compresses).
          expect(answer.headers['content-length']).toBe(String(answer.body.length));
          if (answer.headers['content-encoding']) expect(answer.body.length).toBeLessThan(decoded(answer).length / 2);
        }
      }
    }
    expect((await raw('/kept/large', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await raw('/kept/small', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('revalidates to 304 on its one ETag, whatever the encoding, and answers HEAD without a body', async () => {
    const first = await raw('/kept/large', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toMatch(/^W\//);
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const again = await raw('/kept/large', {
        'accept-encoding': acceptEncoding,
        'if-none-match': first.headers.etag!,
      });
      expect({ acceptEncoding, status: again.status, bytes: again.body.length }).toEqual({
        acceptEncoding,
        status: 304,
        bytes: 0,
      });
    }
    const head = await raw('/kept/large', { 'accept-encoding': 'br' }, 'HEAD');
    const plain = await raw('/kept/large');
    expect({ status: head.status, bytes: head.body.length, length: head.headers['content-length'] }).toEqual({
      status: 200,
      bytes: 0,
      length: String(plain.body.length),
    });
  });
});
