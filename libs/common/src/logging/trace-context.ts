import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line of one unit of work carries: the id of the HTTP request that started it
 * (set by the gateway, carried in NATS headers and in job data) and, inside a job, its queue
 * and id. A batch of domain events comes from many requests, so it carries all of their ids.
 */
export interface TraceContext {
  requestId?: string;
  requestIds?: string[];
  queue?: string;
  jobId?: string;
  /**
   * Who sent the HTTP request (gateway) or the request a NATS message serves: written only by
   * security events (security-events.ts), not on every line.
   */
  client?: RequestClient;
}

export interface RequestClient {
  ip?: string;
  userAgent?: string;
}

/** The header on HTTP requests/responses and on NATS messages. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** NATS headers carrying the HTTP client's address and user agent to the services. */
export const CLIENT_IP_HEADER = 'x-client-ip';
export const USER_AGENT_HEADER = 'x-client-user-agent';

const storage = new AsyncLocalStorage<TraceContext>();

export function currentTrace(): TraceContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` with `trace` as the context of everything it logs, awaits included. */
export function runWithTrace<T>(trace: TraceContext, work: () => T): T {
  return storage.run(trace, work);
}

// Ids arrive from clients and other services: only short, plain tokens go into logs.
const REQUEST_ID_SHAPE = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's id when it is a plain token, else undefined (the caller then gets a fresh one). */
export function acceptRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID_SHAPE.test(value) ? value : undefined;
}

// An address as Express reports it (IPv4, IPv6, IPv4-mapped IPv6).
const IP_SHAPE = /^[0-9A-Fa-f:.]{2,45}$/;
const USER_AGENT_MAX = 256;

/** The client of a request, in the shape logs accept: a plain address, a printable agent cut to 256 characters. */
export function acceptRequestClient(ip: unknown, userAgent: unknown): RequestClient | undefined {
  const client: RequestClient = {};
  if (typeof ip === 'string' && IP_SHAPE.test(ip)) client.ip = ip;
  if (typeof userAgent === 'string') {
    const printable = userAgent.replace(/[^\x20-\x7e]/g, '').slice(0, USER_AGENT_MAX);
    if (printable) client.userAgent = printable;
  }
  return client.ip || client.userAgent ? client : undefined;
}

export function currentClient(): RequestClient | undefined {
  return storage.getStore()?.client;
}

export function newRequestId(): string {
  return randomUUID();
}

/** What a BullMQ job needs to be traced: its queue, its id, and the request id in its data. */
export interface TraceableJob {
  queueName: string;
  id?: string;
  data: unknown;
}

/** Runs a job's processor in the job's trace, so its logs name the request that queued it. */
export function runJobTraced<T>(job: TraceableJob, work: () => T): T {
  const data = (job.data ?? {}) as { requestId?: unknown; events?: { requestId?: unknown }[] };
  const requestId = acceptRequestId(data.requestId);
  const batchIds = Array.isArray(data.events)
    ? [...new Set(data.events.map((event) => acceptRequestId(event?.requestId)).filter((id) => id !== undefined))]
    : [];
  return runWithTrace(
    {
      queue: job.queueName,
      jobId: job.id,
      ...(requestId ? { requestId } : {}),
      ...(batchIds.length ? { requestIds: batchIds } : {}),
    },
    work,
  );
}

/** Job data with the current request id added, when there is one. */
export function withRequestId<T extends object>(data: T): T & { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { ...data, requestId } : data;
}
