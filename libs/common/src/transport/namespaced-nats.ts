import { ClientNats, ServerNats, type MsPattern, type NatsOptions } from '@nestjs/microservices';

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
 * stopping one replica therefore loses no request.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly ownSubscriptions: Drainable[] = [];
  private inFlight = 0;

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

  override async handleMessage(channel: string, natsMsg: unknown): Promise<unknown> {
    this.inFlight += 1;
    try {
      return await super.handleMessage(channel, natsMsg);
    } finally {
      this.inFlight -= 1;
    }
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

/** Client side of the same namespace: requests go to the prefixed subjects. */
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
}
