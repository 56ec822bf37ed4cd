import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Draining on SIGTERM. Nest then closes the listener, so no new connection is accepted, and
 * waits for the requests being served (an upload still arriving included). But Node keeps
 * serving further requests on kept-alive connections; here every response from the moment
 * the drain starts, in-flight ones included, carries `Connection: close`, so clients (browsers,
 * the ingress) reconnect to another replica instead of racing the exit. /readyz answers 503.
 */
@Injectable()
export class HttpDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(HttpDrain.name);
  private readonly inFlight = new Set<Response>();
  private draining = false;

  isDraining(): boolean {
    return this.draining;
  }

  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    this.inFlight.add(res);
    const done = () => this.inFlight.delete(res);
    res.once('finish', done);
    res.once('close', done);
    next();
  };

  /** Runs before Nest closes the listener (the dispose step waits for the in-flight requests). */
  beforeApplicationShutdown(): void {
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.logger.log({ msg: 'draining', inFlight: this.inFlight.size });
  }
}
