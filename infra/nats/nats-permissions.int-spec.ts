// The NATS users and permissions of infra/nats/nats-server.conf, the file docker-compose.yml and
// k8s run, proven on a real nats-server started with it. The subjects come from libs/contracts, so
// a new pattern is covered as soon as it exists.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import * as contracts from '@app/contracts';
import {
  AUTH_RPC,
  CATALOG_RPC,
  RPC_CONTRACTS,
  SERVICE_NAMES,
  USER_CLEANUP_RPC,
  VIDEO_RPC,
  type AppName,
} from '@app/contracts';
import { natsConnectionOptions } from '@app/common';
import { startPrivateNats, type PrivateNats } from '@app/testing';

/** Every request subject the contracts define: the RPC registry. */
const ALL_SUBJECTS: string[] = [...new Set(RPC_CONTRACTS.map((contract) => contract.pattern as string))].sort();
/** The admin service's commands to the other services: the deletion saga and the admin role. */
const ADMIN_COMMANDS: string[] = [
  ...Object.values(USER_CLEANUP_RPC).map((contract) => contract.pattern),
  AUTH_RPC.toggleAdmin.pattern,
  AUTH_RPC.deletionRequested.pattern,
  AUTH_RPC.listUsers.pattern,
];
const GATEWAY_SUBJECTS = ALL_SUBJECTS.filter((subject) => !ADMIN_COMMANDS.includes(subject));
/** The admin flag of record, asked by the services that guard a privileged action. */
const ADMIN_CHECK = AUTH_RPC.isAdmin.pattern;
/** The media cleanup asks the video and auth services which stored objects they still reference. */
const MEDIA_WORKER_SUBJECTS: string[] = [VIDEO_RPC.referencedKeys.pattern, AUTH_RPC.referencedProfileImages.pattern];

const ownerOf = (subject: string) => subject.split('.')[0];

let nats: PrivateNats;
const connections: NatsConnection[] = [];
/** Payloads each service's responder received, per subject. */
const received = new Map<string, string[]>();

/** Connects as the app's own NATS user, with the options the app itself uses. */
async function connectAs(app: AppName): Promise<NatsConnection> {
  const { NATS_USER, NATS_PASSWORD } = nats.credentials[app];
  const connection = await connect(
    natsConnectionOptions({ NATS_URL: nats.url, NATS_USER, NATS_PASSWORD }, app) as Parameters<typeof connect>[0],
  );
  connections.push(connection);
  return connection;
}

/** The reply, or why the request was refused. */
async function request(connection: NatsConnection, subject: string, payload = 'ping'): Promise<string> {
  try {
    return (await connection.request(subject, payload, { timeout: 5000 })).string();
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

/** Subscribes and lets the server judge it: a refused subscription is closed with the server's error. */
async function trySubscribe(connection: NatsConnection, subject: string, queue?: string) {
  let refusal = '';
  const subscription: Subscription = connection.subscribe(subject, {
    queue,
    callback: (error) => {
      if (error) refusal = error.message;
    },
  });
  // The server answers SUB before the PONG of this flush, so its verdict has arrived by now.
  await connection.flush();
  const outcome = subscription.isClosed() ? `refused: ${refusal}` : 'allowed';
  if (!subscription.isClosed()) subscription.unsubscribe();
  return outcome;
}

beforeAll(async () => {
  nats = await startPrivateNats();
  // Each service answers its own subjects, in its queue group, as the services do.
  for (const service of SERVICE_NAMES) {
    const connection = await connectAs(service);
    connection.subscribe(`${service}.>`, {
      queue: service,
      callback: (error, message) => {
        if (error) throw error;
        received.set(message.subject, [...(received.get(message.subject) ?? []), message.string()]);
        message.respond(`${service} answered ${message.subject}`);
      },
    });
    await connection.flush();
  }
});

afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await nats?.stop();
});

describe('infra/nats/nats-server.conf', () => {
  it('knows the subjects it is checked against', () => {
    expect(GATEWAY_SUBJECTS.length).toBeGreaterThan(30);
    expect(ADMIN_COMMANDS.every((subject) => ALL_SUBJECTS.includes(subject))).toBe(true);
  });

  it('refuses a client without credentials and one with a wrong password', async () => {
    await expect(connect({ servers: nats.url })).rejects.toThrow(/Authorization Violation/);
    await expect(connect({ servers: nats.url, user: 'gateway', pass: 'not-the-password' })).rejects.toThrow(
      /Authorization Violation/,
    );
    await expect(connect({ servers: nats.url, user: 'intruder', pass: 'x' })).rejects.toThrow(
      /Authorization Violation/,
    );
  });

  it('lets the gateway request every service subject, answered by the owning service', async () => {
    const gateway = await connectAs('gateway');
    const replies = await Promise.all(GATEWAY_SUBJECTS.map((subject) => request(gateway, subject)));
    expect(replies).toEqual(GATEWAY_SUBJECTS.map((subject) => `${ownerOf(subject)} answered ${subject}`));
  });

  it("keeps the admin service's deletion and admin-role commands from the gateway", async () => {
    const gateway = await connectAs('gateway');
    for (const subject of ADMIN_COMMANDS) {
      expect({ subject, reply: await request(gateway, subject) }).toEqual({
        subject,
        reply: expect.stringMatching(/^refused: .*Permissions Violation for Publish/),
      });
    }
  });

  it('lets the admin service send its commands and ask auth for admins of record and accounts, nothing else', async () => {
    const admin = await connectAs('admin');
    const allowed = [...ADMIN_COMMANDS, ADMIN_CHECK, AUTH_RPC.getUser.pattern];
    const commands = await Promise.all(allowed.map((subject) => request(admin, subject)));
    expect(commands).toEqual(allowed.map((subject) => `${ownerOf(subject)} answered ${subject}`));
    for (const subject of GATEWAY_SUBJECTS.filter((subject) => !allowed.includes(subject))) {
      expect({ subject, reply: await request(admin, subject) }).toEqual({
        subject,
        reply: expect.stringMatching(/^refused: .*Permissions Violation for Publish/),
      });
    }
  });

  it('lets a service publish nothing but replies: a catalog message to auth never arrives', async () => {
    const catalog = await connectAs('catalog');
    const gateway = await connectAs('gateway');
    const subject = AUTH_RPC.updateProfile.pattern;
    catalog.publish(subject, 'from catalog');
    await catalog.flush();
    // Had the server routed catalog's message, auth would have received it before the gateway's.
    expect(await request(gateway, subject, 'from gateway')).toBe(`auth answered ${subject}`);
    expect(received.get(subject)?.filter((payload) => payload !== 'ping')).toEqual(['from gateway']);
    expect(await request(catalog, CATALOG_RPC.listVideos.pattern)).toMatch(/^refused: /);
  });

  it.each([
    ['catalog', [ADMIN_CHECK, AUTH_RPC.getUser.pattern]],
    ['video', [ADMIN_CHECK, CATALOG_RPC.categoryExists.pattern]],
    ['feedback', [AUTH_RPC.getUser.pattern, VIDEO_RPC.getState.pattern]],
  ] as const)(
    'lets the %s service ask what it must (an admin of record, a person or video its read model lacks; the video service: whether a category exists), and request nothing else',
    async (service, asks) => {
      const connection = await connectAs(service);
      for (const subject of asks)
        expect(await request(connection, subject)).toBe(`${ownerOf(subject)} answered ${subject}`);
      for (const subject of ALL_SUBJECTS.filter((subject) => !(asks as readonly string[]).includes(subject))) {
        expect({ subject, reply: await request(connection, subject) }).toEqual({
          subject,
          reply: expect.stringMatching(/^refused: .*Permissions Violation for Publish/),
        });
      }
    },
  );

  it("lets a service subscribe to its own subjects in its queue group only, never to another's or to inboxes", async () => {
    const catalog = await connectAs('catalog');
    const own = CATALOG_RPC.listVideos.pattern;
    expect(await trySubscribe(catalog, own, 'catalog')).toBe('allowed');
    const attempts: [string, string | undefined][] = [
      [own, undefined],
      [own, 'someone-else'],
      [AUTH_RPC.getUser.pattern, 'auth'],
      [AUTH_RPC.getUser.pattern, 'catalog'],
      ['auth.>', undefined],
      ['>', undefined],
      ['_INBOX.gateway.>', undefined],
      ['_INBOX.>', undefined],
    ];
    for (const [subject, queue] of attempts) {
      expect({ subject, queue, outcome: await trySubscribe(catalog, subject, queue) }).toEqual({
        subject,
        queue,
        outcome: expect.stringMatching(/^refused: Permissions Violation for Subscription/),
      });
    }
  });

  it("keeps each requester's replies on its own inbox", async () => {
    const admin = await connectAs('admin');
    expect(await trySubscribe(admin, '_INBOX.admin.anything')).toBe('allowed');
    expect(await trySubscribe(admin, '_INBOX.gateway.>')).toMatch(/^refused: Permissions Violation for Subscription/);
    const gateway = await connectAs('gateway');
    expect(await trySubscribe(gateway, '_INBOX.admin.>')).toMatch(/^refused: Permissions Violation for Subscription/);
    expect(await trySubscribe(gateway, CATALOG_RPC.listVideos.pattern, 'catalog')).toMatch(
      /^refused: Permissions Violation for Subscription/,
    );
  });

  it('lets the media worker ask only the video and auth services which objects they reference', async () => {
    const worker = await connectAs('media-worker');
    const allowed = ALL_SUBJECTS.filter((subject) => MEDIA_WORKER_SUBJECTS.includes(subject));
    expect(allowed).toEqual([...MEDIA_WORKER_SUBJECTS].sort());
    for (const subject of ALL_SUBJECTS) {
      const reply = await request(worker, subject);
      expect({ subject, reply }).toEqual({
        subject,
        reply: allowed.includes(subject)
          ? `${ownerOf(subject)} answered ${subject}`
          : expect.stringMatching(/^refused: .*Permissions Violation for Publish/),
      });
    }
    expect(await trySubscribe(worker, contracts.VIDEO_RPC.create.pattern, 'video')).toMatch(
      /^refused: Permissions Violation for Subscription/,
    );
  });
});
