/**
 * The `Link` header of a list page that has a next one (RFC 8288): the request's own path and query
 * with `cursor` set to the next page's, so a client follows it without knowing the list's
 * parameters. Relative, so it holds behind any proxy or host name.
 */
export function nextPageLink(requestUrl: string, nextCursor: string): string {
  // The base only lets URL parse a path; it is not part of the answer.
  const url = new URL(requestUrl, 'http://list.invalid');
  url.searchParams.set('cursor', nextCursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** The next page's URL in a `Link` header, or null when it names none. */
export function parseNextPageLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(?:^|;)\s*rel\s*=\s*"?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/i.test(match[2])) return match[1];
  }
  return null;
}
