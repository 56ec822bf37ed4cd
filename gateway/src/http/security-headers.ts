import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

type Directives = Record<string, string[]>;

/**
 * What the built SPA loads, and nothing more: its own scripts, styles and fonts; images from
 * itself, data: URIs (the favicon, CSS icons), blob: (the profile picture preview before
 * upload) and YouTube's thumbnail hosts; the privacy-enhanced YouTube player in an iframe
 * (lib/youtube.ts); media only from /api/videos/{id}/stream, and blob: (the upload dialog reads
 * the length of the file a member chose, in the browser). No inline script runs anywhere,
 * and no other site may frame the app (clickjacking on the admin panel).
 */
export const APP_CSP_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https://img.youtube.com', 'https://i.ytimg.com'],
  'frame-src': ['https://www.youtube-nocookie.com'],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * bull-board's page resolves its assets against a <base href> and carries an inline <style> and
 * style attributes, so it may set its base to itself and use inline styles; scripts stay 'self'
 * only. Its Google Fonts link stays blocked: an admin's visit is not announced to a third party,
 * and the board falls back to the system font.
 */
export const QUEUE_BOARD_CSP_DIRECTIVES: Directives = {
  ...APP_CSP_DIRECTIVES,
  'base-uri': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * The policy of a response that serves the app's shell (spa/app-shell.ts): the app's, plus this
 * response's nonce for scripts and styles. The shell's tags carry it (Vite's html.cspNonce), and
 * so do the two <style> elements Radix Select adds at run time (its listbox's scrollbar rule; the
 * scroll lock's padding, by scrollbar width), which the app reads from the shell's
 * <meta property="csp-nonce">. Inline styles and scripts without it stay blocked.
 */
export function appShellPolicy(nonce: string): string {
  const directives: Directives = {
    ...APP_CSP_DIRECTIVES,
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", `'nonce-${nonce}'`],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/** Browsers keep HTTPS-only for a year once they saw it over TLS. */
const HSTS = 'max-age=31536000';
/** Powerful features the app never uses, off for it and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Security headers on every response (HTML, JSON, media, images, errors): CSP, nosniff,
 * Referrer-Policy, X-Frame-Options as the fallback for frame-ancestors, and HSTS only on
 * requests that arrived over TLS (directly, or per a trusted proxy's X-Forwarded-Proto: see
 * TRUST_PROXY), since a browser ignores it over plain HTTP and a local http:// run must keep
 * working.
 */
export function securityHeaders(queueBoardPath: string): RequestHandler[] {
  const baseline = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as RequestHandler;
  const appPolicy = helmet.contentSecurityPolicy({ useDefaults: false, directives: APP_CSP_DIRECTIVES });
  const boardPolicy = helmet.contentSecurityPolicy({ useDefaults: false, directives: QUEUE_BOARD_CSP_DIRECTIVES });
  const policy: RequestHandler = (req: Request, res: Response, next: NextFunction) =>
    (isUnder(req.path, queueBoardPath) ? boardPolicy : appPolicy)(req, res, next);
  const transport: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
    next();
  };
  return [baseline, policy, transport];
}
