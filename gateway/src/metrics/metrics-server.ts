import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { METRICS_CONTENT_TYPE, renderMetrics } from '@app/common';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

const logger = new Logger('metrics');

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ message: 'Not found' }));
    return;
  }
  renderMetrics().then(
    (text) => {
      res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    },
    (error: unknown) => {
      logger.warn({ msg: 'metrics could not be rendered', error: String(error) });
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ message: 'Internal server error' }));
    },
  );
}

/**
 * The gateway's Prometheus endpoint on a port of its own (METRICS_PORT), never on the public
 * one: route names, status counts per route (live attack telemetry) and runtime versions are for
 * the cluster's Prometheus only. The Service does not expose this port; pods are scraped directly.
 */
export async function serveMetrics(port: number): Promise<MetricsServer> {
  const server = createServer(answer);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
