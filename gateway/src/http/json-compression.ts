import compression from 'compression';
import type { Request, Response } from 'express';

/** "Over 1 KB": a smaller answer fits a packet or two as it is, and compressing it only costs CPU. */
export const JSON_COMPRESSION_MIN_BYTES = 1025;

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Compresses JSON answers on the fly, brotli (at a quality cheap enough per request) or gzip as the
 * request accepts, with `Vary: Accept-Encoding`. Only JSON: the SPA's files are precompressed at
 * build (spa/precompressed-assets.ts), media is compressed already and answers byte ranges, and the
 * notification stream (text/event-stream) must reach the browser event by event, never held in a
 * compressor's buffer. Express's ETags are weak, so one stays valid for every encoding of an answer
 * and conditional requests still end in 304.
 */
export const jsonCompression = compression({
  threshold: JSON_COMPRESSION_MIN_BYTES,
  filter: (_req: Request, res: Response) => JSON_TYPE.test(String(res.getHeader('Content-Type') ?? '')),
});
