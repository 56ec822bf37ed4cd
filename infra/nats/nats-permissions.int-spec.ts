// The NATS users and permissions of infra/nats/nats-server.conf, the file docker-compose.yml and
// k8s run, proven on a real nats-server started with it. The subjects come from libs/contracts, so
// a new pattern is covered as soon as it exists.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import * as contracts from '@app/contracts';
import {
  AUTH_LIVE_SUBJECT,
  AUTH_RPC,
  CATALOG_LIVE_SUBJECT,
  CATALOG_RPC,
  FEEDBACK_RPC,
  NOTIFICATIONS_LIVE_SUBJECT,
  NOTIFICATIONS_RPC,
  RPC_CONTRACTS,
  SERVICE_NAMES,
  USER_CLEANUP_RPC,
  VIDEO_RPC,
  type AppName,
} from '@app/contracts';
import { natsConnectionOptions } from '@app/common';
import { eventually, startPrivateNats, type PrivateNats } from '@app/testing';

/** Every request subject the contracts define: the RPC registry (the live signal is no request). */
const ALL_SUBJECTS: string[] = [...new Set(RPC_CONTRACTS.map((contract) => contract.pattern as string))]
  .filter((subject) => ![NOTIFICATIONS_LIVE_SUBJECT, CATALOG_LIVE_SUBJECT, AUTH_LIVE_SUBJECT].includes(subject))
  .sort();
/** The admin service's commands to the other services: the deletion saga, the admin role and moderation. */
const ADMIN_COMMANDS: string[] = [
  ...Object.values(USER_CLEANUP_RPC).map((contract) => contract.pattern),
  AUTH_RPC.toggleAdmin.pattern,
  AUTH_RPC.deletionRequested.pattern,
  AUTH_RPC.listUsers.pattern,
  VIDEO_RPC.moderationSubject.pattern,
  VIDEO_RPC.setHidden.pattern,
  VIDEO_RPC.moderationDelete.pattern,
  FEEDBACK_RPC.moderationSubject.pattern,
  FEEDBACK_RPC.setHidden.pattern,
  FEEDBACK_RPC.moderationDelete.pattern,
  FEEDBACK_RPC.checkSerialVoting.pattern,
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

/** The payloads a plain subscription (no queue group) receives, once the server has accepted it. */
async function listen(connection: NatsConnection, subject: string) {
  const payloads: string[] = [];
  let refusal = '';
  const subscription = connection.subscribe(subject, {
    callback: (error, message) => {
      if (error) refusal = error.message;
      else payloads.push(message.string());
    },
  });
  await connection.flush();
  expect({ subject, refusal }).toEqual({ subject, refusal: '' });
  expect(subscription.isClosed()).toBe(false);
  return payloads;
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

  describe('the live signal catalog.live.v1', () => {
    it('is sent by the catalog only and heard by every gateway replica', async () => {
      expect(CATALOG_LIVE_SUBJECT).toBe('catalog.live.v1');
      const catalog = await connectAs('catalog');
      const gateway = await connectAs('gateway');
      const heard = await Promise.all(
        [await connectAs('gateway'), await connectAs('gateway')].map((replica) =>
          listen(replica, CATALOG_LIVE_SUBJECT),
        ),
      );
      gateway.publish(CATALOG_LIVE_SUBJECT, 'from gateway');
      await gateway.flush();
      expect(await request(gateway, CATALOG_LIVE_SUBJECT)).toMatch(/^refused: .*Permissions Violation for Publish/);
      catalog.publish(CATALOG_LIVE_SUBJECT, 'lists changed');
      await catalog.flush();
      await eventually(
        async () => heard.map((payloads) => payloads.length),
        (counts) => counts.every((count) => count > 0),
        5000,
      );
      expect(heard).toEqual([['lists changed'], ['lists changed']]);
      const video = await connectAs('video');
      expect(await trySubscribe(video, CATALOG_LIVE_SUBJECT)).toMatch(
        /^refused: Permissions Violation for Subscription/,
      );
    });
  });

  describe('the live signal auth.live.v1', () => {
    it('is sent by auth only, heard by every gateway replica, and auth may publish nothing else', async () => {
      expect(AUTH_LIVE_SUBJECT).toBe('auth.live.v1');
      const auth = await connectAs('auth');
      const gateway = await connectAs('gateway');
      const heard = await Promise.all(
        [await connectAs('gateway'), await connectAs('gateway')].map((replica) => listen(replica, AUTH_LIVE_SUBJECT)),
      );
      gateway.publish(AUTH_LIVE_SUBJECT, 'from gateway');
      await gateway.flush();
      expect(await request(gateway, AUTH_LIVE_SUBJECT)).toMatch(/^refused: .*Permissions Violation for Publish/);
      auth.publish(AUTH_LIVE_SUBJECT, 'account changed');
      await auth.flush();
      await eventually(
        async () => heard.map((payloads) => payloads.length),
        (counts) => counts.every((count) => count > 0),
        5000,
      );
      expect(heard).toEqual([['account changed'], ['account changed']]);
      // Auth answers requests and sends this signal, nothing else: had the server routed its
      // publish of another service's signal, the listener would have received it first.
      const heardCatalog = await listen(await connectAs('gateway'), CATALOG_LIVE_SUBJECT);
      auth.publish(CATALOG_LIVE_SUBJECT, 'from auth');
      await auth.flush();
      const catalog = await connectAs('catalog');
      catalog.publish(CATALOG_LIVE_SUBJECT, 'from catalog');
      await catalog.flush();
      await eventually(
        async () => heardCatalog.length,
        (count) => count > 0,
        5000,
      );
      expect(heardCatalog).toEqual(['from catalog']);
      expect(await trySubscribe(await connectAs('catalog'), AUTH_LIVE_SUBJECT)).toMatch(
        /^refused: Permissions Violation for Subscription/,
      );
    });
  });

  describe('the live signal notifications.live.v1', () => {
    it('is the subject the contracts name', () => {
      expect(NOTIFICATIONS_LIVE_SUBJECT).toBe('notifications.live.v1');
      expect(GATEWAY_SUBJECTS).toEqual(expect.arrayContaining(Object.values(NOTIFICATIONS_RPC).map((c) => c.pattern)));
    });

    it('reaches every gateway replica, each on a plain subscription without a queue group', async () => {
      const notifications = await connectAs('notifications');
      const replicas = [await connectAs('gateway'), await connectAs('gateway')];
      expect(await trySubscribe(replicas[0], NOTIFICATIONS_LIVE_SUBJECT)).toBe('allowed');
      const heard = await Promise.all(replicas.map((replica) => listen(replica, NOTIFICATIONS_LIVE_SUBJECT)));
      notifications.publish(NOTIFICATIONS_LIVE_SUBJECT, 'member changed');
      await notifications.flush();
      await eventually(
        async () => heard.map((payloads) => payloads.length),
        (counts) => counts.every((count) => count > 0),
        5000,
      );
      expect(heard).toEqual([['member changed'], ['member changed']]);
    });

    it('lets the gateway ask the notifications service what is new over request/reply', async () => {
      const gateway = await connectAs('gateway');
      for (const subject of [NOTIFICATIONS_RPC.list.pattern, NOTIFICATIONS_RPC.since.pattern])
        expect(await request(gateway, subject)).toBe(`notifications answered ${subject}`);
    });

    it('is sent by the notifications service only: a gateway cannot publish it', async () => {
      const gateway = await connectAs('gateway');
      const notifications = await connectAs('notifications');
      const heard = await listen(await connectAs('gateway'), NOTIFICATIONS_LIVE_SUBJECT);
      gateway.publish(NOTIFICATIONS_LIVE_SUBJECT, 'from gateway');
      await gateway.flush();
      expect(await request(gateway, NOTIFICATIONS_LIVE_SUBJECT)).toMatch(
        /^refused: .*Permissions Violation for Publish/,
      );
      // Had the server routed the gateway's signal, the listener would have received it first.
      notifications.publish(NOTIFICATIONS_LIVE_SUBJECT, 'from notifications');
      await notifications.flush();
      await eventually(
        async () => heard.length,
        (count) => count > 0,
        5000,
      );
      expect(heard).toEqual(['from notifications']);
    });

    it('is all the notifications service publishes besides replies: it cannot create feedback', async () => {
      const notifications = await connectAs('notifications');
      const gateway = await connectAs('gateway');
      const subject = FEEDBACK_RPC.create.pattern;
      notifications.publish(subject, 'from notifications');
      await notifications.flush();
      // Had the server routed it, the feedback service would have received it before the gateway's.
      expect(await request(gateway, subject, 'from gateway (notifications test)')).toBe(`feedback answered ${subject}`);
      expect(received.get(subject)?.filter((payload) => payload !== 'ping')).toEqual([
        'from gateway (notifications test)',
      ]);
      const replies = await Promise.all(ALL_SUBJECTS.map((subject) => request(notifications, subject)));
      expect(replies.map((reply, index) => ({ subject: ALL_SUBJECTS[index], reply }))).toEqual(
        ALL_SUBJECTS.map((subject) => ({ subject, reply: expect.stringMatching(/^refused: /) })),
      );
    });

    it('cannot be subscribed to by another service, and the notifications service hears only its own subjects', async () => {
      const feedback = await connectAs('feedback');
      for (const queue of [undefined, 'feedback', 'notifications'])
        expect({ queue, outcome: await trySubscribe(feedback, NOTIFICATIONS_LIVE_SUBJECT, queue) }).toEqual({
          queue,
          outcome: expect.stringMatching(/^refused: Permissions Violation for Subscription/),
        });
      const notifications = await connectAs('notifications');
      expect(await trySubscribe(notifications, NOTIFICATIONS_RPC.list.pattern, 'notifications')).toBe('allowed');
      const attempts: [string, string | undefined][] = [
        [NOTIFICATIONS_RPC.list.pattern, undefined],
        [NOTIFICATIONS_RPC.list.pattern, 'someone-else'],
        [FEEDBACK_RPC.create.pattern, 'feedback'],
        ['feedback.>', 'notifications'],
        ['>', undefined],
        ['_INBOX.gateway.>', undefined],
      ];
      for (const [subject, queue] of attempts) {
        expect({ subject, queue, outcome: await trySubscribe(notifications, subject, queue) }).toEqual({
          subject,
          queue,
          outcome: expect.stringMatching(/^refused: Permissions Violation for Subscription/),
        });
      }
      // The gateway hears the signal, but cannot take the service's requests from its queue group.
      const gateway = await connectAs('gateway');
      for (const [subject, queue] of [
        [NOTIFICATIONS_RPC.list.pattern, 'notifications'],
        ['notifications.>', undefined],
      ] as const)
        expect({ subject, outcome: await trySubscribe(gateway, subject, queue) }).toEqual({
          subject,
          outcome: expect.stringMatching(/^refused: Permissions Violation for Subscription/),
        });
    });
  });
});
