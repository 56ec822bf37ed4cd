import type { Request, Response } from 'express';
import { nextPageLink, type Page } from '@app/contracts';

/**
 * A list answer: the page's items as the JSON array every caller reads, and, when another page
 * follows, its URL in a `Link: <…>; rel="next"` header.
 */
export function sendPage<T>(req: Request, res: Response, page: Page<T>): T[] {
  if (page.nextCursor !== null) res.setHeader('Link', nextPageLink(req.originalUrl, page.nextCursor));
  return page.items;
}
