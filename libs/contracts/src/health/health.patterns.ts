import type { ServiceName } from '../services.js';

/** Each service answers this pattern with its own readiness; the gateway's /readyz asks all of them. */
export const healthPattern = (service: ServiceName): string => `${service}.health.check.v1`;

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
