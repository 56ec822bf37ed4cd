import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Longer than any client's or proxy's idle
 * keep-alive (NGINX upstreams and cloud load balancers hold idle connections for 60 s): with
 * Node's 5 s default, a client reusing a connection just as the server times it out gets
 * "other side closed" on a request the gateway never saw. Shutdown is unaffected: closing the
 * server closes idle connections at once, and HttpDrain closes the busy ones after their reply.
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
  // Node's rule: the headers timeout must exceed the keep-alive timeout.
  server.headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
}
