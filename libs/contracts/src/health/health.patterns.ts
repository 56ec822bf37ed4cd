import { z } from 'zod';
import { defineRpc, emptyRequestSchema } from '../rpc/define-rpc.js';
import { SERVICE_NAMES, type ServiceName } from '../services.js';

export type DependencyName = 'postgres' | 'redis' | 'nats' | 's3' | 'ffprobe';

export interface DependencyCheck {
  /** A DependencyName for the shared checks; apps may add their own (e.g. a service name). */
  name: DependencyName | (string & {});
  ok: boolean;
  /** A short, non-sensitive reason when not ok. */
  detail?: string;
}

export interface HealthReport {
  service: string;
  ok: boolean;
  /** Process id, so a caller can see which replica answered. */
  pid: number;
  checks: DependencyCheck[];
}

const healthCheck = (service: ServiceName) =>
  defineRpc(`${service}.health.check.v1`, { request: emptyRequestSchema, response: z.custom<HealthReport>() });
type HealthCheckContract = ReturnType<typeof healthCheck>;

/** Each service answers its own with its readiness; the gateway's /readyz asks all of them. */
export const HEALTH_RPC = Object.fromEntries(SERVICE_NAMES.map((service) => [service, healthCheck(service)])) as Record<
  ServiceName,
  HealthCheckContract
>;
