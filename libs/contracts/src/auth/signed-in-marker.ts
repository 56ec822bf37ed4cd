/**
 * The signed-in marker: a cookie the gateway keeps beside the session cookie so the web app knows,
 * before asking, whether `GET /api/auth/user` can answer anything but 401. A visitor's browser then
 * sends no request that is bound to fail (which Chromium reports as a console error on every
 * page). It is a hint, never a credential: it says only "this browser's session is signed in"
 * (`1`) or "it was, and no longer is" (`0`), carries no id, and readable by the page's scripts by
 * design. The session cookie alone decides what a request may do; a stale `1` costs one 401,
 * after which the gateway answers `0`.
 *
 * `__Host-vf.signed-in` over HTTPS (Secure, Path=/, no Domain, as the session's `__Host-vf.sid`),
 * `vf.signed-in` on plain HTTP.
 */
export const SIGNED_IN_MARKER_COOKIE = 'vf.signed-in';
export const SECURE_SIGNED_IN_MARKER_COOKIE = '__Host-vf.signed-in';

export const SIGNED_IN_MARKER = { signedIn: '1', signedOut: '0' } as const;

/**
 * The marker's value in a `Cookie` header (or `document.cookie`): '1', '0', another value as sent,
 * or undefined without one. `names` are looked for in that order: by default either (the web app
 * cannot know which one a proxy in front of the gateway led it to write), the secure one first.
 */
export function signedInMarkerOf(
  cookies: string | undefined,
  names: readonly string[] = [SECURE_SIGNED_IN_MARKER_COOKIE, SIGNED_IN_MARKER_COOKIE],
): string | undefined {
  if (!cookies) return undefined;
  const found = new Map<string, string>();
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    if (!found.has(name)) found.set(name, pair.slice(separator + 1).trim());
  }
  for (const name of names) if (found.has(name)) return found.get(name);
  return undefined;
}
