import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { config } from '../config.js';
import { appShellPolicy } from '../http/security-headers.js';
import { acceptedEncoding, CONTENT_CODINGS } from './accept-encoding.js';

/** What the build writes as every tag's nonce (frontend/vite.config.ts, `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';
const PLACEHOLDER_ATTRIBUTE = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
/** 128 random bits, as CSP3 asks of a nonce at least. */
const NONCE_BYTES = 16;
/** A 2 kB page: compressing it per request costs far less than a millisecond at this quality. */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * The app's shell (the built index.html), rendered per response with a fresh CSP nonce in its tags
 * and in the response's policy, so only the shell's own and the app's `<style>` elements apply.
 * Never cached as it is (`no-cache`) and sent with no ETag or Last-Modified: a revalidation can
 * never answer 304 and hand the browser a page whose nonce is no longer the policy's. Compressed
 * on the fly, as the request accepts; the build's precompressed copies carry the placeholder.
 */
@Injectable()
export class AppShell {
  private readonly indexHtml = resolve(config.STATIC_DIR, 'index.html');
  /** Read once it exists: the build ships with the gateway. */
  private template: string | null = null;

  /** Whether the app has been built, so there is a shell to send. */
  exists(): boolean {
    return this.read() !== null;
  }

  send(req: Request, res: Response): void {
    const template = this.read();
    if (template === null) throw new Error('The app shell is not built');
    const nonce = randomBytes(NONCE_BYTES).toString('base64');
    const html = Buffer.from(template.replaceAll(PLACEHOLDER_ATTRIBUTE, `nonce="${nonce}"`));
    res.setHeader('Content-Security-Policy', appShellPolicy(nonce));
    // The shell must never be reused, or a deploy would leave browsers on stale asset names.
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    res.type('html');
    const encoding = acceptedEncoding(req.headers['accept-encoding'], CONTENT_CODINGS);
    const body = encoding === 'br' ? brotliCompressSync(html, BROTLI_OPTIONS) : encoding ? gzipSync(html) : html;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    // res.end, not res.send: Express would add an ETag and answer a matching If-None-Match with 304.
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  }

  private read(): string | null {
    if (this.template === null) {
      try {
        this.template = readFileSync(this.indexHtml, 'utf8');
      } catch {
        return null;
      }
    }
    return this.template;
  }
}
