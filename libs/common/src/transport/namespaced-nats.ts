import { Logger } from '@nestjs/common';
import { ClientNats, ServerNats, type MsPattern, type NatsContext, type NatsOptions } from '@nestjs/microservices';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import { natsHandlerDuration } from '../metrics/metrics.js';
import {
  CLIENT_IP_HEADER,
  REQUEST_ID_HEADER,
  USER_AGENT_HEADER,
  acceptRequestClient,
  acceptRequestId,
  currentTrace,
  runWithTrace,
} from '../logging/trace-context.js';

type NatsTransportOptions = Required<NatsOptions>['options'];
interface Drainable {
  drain(): Promise<void>;
}

/** How long a stopping service waits for handlers already running before it disconnects. */
const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * NATS server strategy that (1) prefixes every subject with NATS_SUBJECT_PREFIX, so several
 * runs can share one NATS server without answering each other's requests, and (2) stops
 * gracefully: subscriptions are drained (messages already routed here are still handled) and
 * replies to in-flight requests are sent before the connection closes. With the queue group,
 * stopping one replica therefore loses no request. Each message is handled in the trace of the
 * request id in its headers, so the service's logs name the gateway request.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly ownSubscriptions: Drainable[] = [];
  private inFlight = 0;
  /** Messages whose handler replied with an error (the reply is sent, so nothing is thrown). */
  private readonly failedReplies = new WeakSet<object>();
  private readonly handlerLogger = new Logger('nats');

  constructor(
    private readonly subjectPrefix: string,
    options: NatsTransportOptions,
  ) {
    super({ ...options, gracefulShutdown: false });
  }

  override bindEvents(client: { subscribe: (subject: string, opts: unknown) => Drainable }): void {
    const namespaced = {
      subscribe: (subject: string, opts: unknown) => {
        const subscription = client.subscribe(`${this.subjectPrefix}${subject}`, opts);
        this.ownSubscriptions.push(subscription);
        return subscription;
      },
    };
    super.bindEvents(namespaced);
  }

  override handleMessage(channel: string, natsMsg: object): Promise<unknown> {
    const headers = (natsMsg as { headers?: MsgHdrs }).headers;
    const requestId = acceptRequestId(headers?.get(REQUEST_ID_HEADER));
    const client = acceptRequestClient(headers?.get(CLIENT_IP_HEADER), headers?.get(USER_AGENT_HEADER));
    return runWithTrace({ ...(requestId ? { requestId } : {}), ...(client ? { client } : {}) }, () =>
      this.handleTraced(channel, natsMsg),
    );
  }

  private async handleTraced(channel: string, natsMsg: object): Promise<unknown> {
    this.inFlight += 1;
    // `channel` is the registered pattern, without the namespace prefix: bounded label values.
    const stopTimer = natsHandlerDuration.startTimer({ pattern: channel });
    let outcome = 'ok';
    try {
      return await super.handleMessage(channel, natsMsg as Parameters<ServerNats['handleMessage']>[1]);
    } catch (error) {
      outcome = 'error';
      throw error;
    } finally {
      if (this.failedReplies.has(natsMsg)) outcome = 'error';
      const seconds = stopTimer({ outcome });
      this.handlerLogger.debug({ msg: 'handled', pattern: channel, outcome, durationMs: Math.round(seconds * 1000) });
      this.inFlight -= 1;
    }
  }

  override getPublisher(
    natsMsg: Parameters<ServerNats['getPublisher']>[0],
    id: string,
    ctx: NatsContext,
  ): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response) => {
      const err = (response as { err?: unknown } | null)?.err;
      if (err !== undefined && err !== null) this.failedReplies.add(natsMsg as object);
      return publish(response) as unknown;
    };
  }

  override async close(): Promise<void> {
    await Promise.allSettled(this.ownSubscriptions.map((subscription) => subscription.drain()));
    const deadline = Date.now() + IN_FLIGHT_GRACE_MS;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await super.close();
  }
}

/**
 * Client side of the same namespace: requests go to the prefixed subjects, with the current
 * request id and HTTP client (if any) in their headers.
 */
export class NamespacedNatsClient extends ClientNats {
  constructor(
    private readonly subjectPrefix: string,
    options: NatsTransportOptions,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return `${this.subjectPrefix}${super.normalizePattern(pattern)}`;
  }

  protected override mergeHeaders<THeaders = MsgHdrs>(requestHeaders?: THeaders): MsgHdrs | undefined {
    const merged = super.mergeHeaders(requestHeaders) as MsgHdrs | undefined;
    const { requestId, client } = currentTrace() ?? {};
    if (!requestId && !client) return merged;
    const withTrace = merged ?? natsHeaders();
    if (requestId) withTrace.set(REQUEST_ID_HEADER, requestId);
    if (client?.ip) withTrace.set(CLIENT_IP_HEADER, client.ip);
    if (client?.userAgent) withTrace.set(USER_AGENT_HEADER, client.userAgent);
    return withTrace;
  }
}
