// The Docker path for `npm test`: when a Docker engine answers, PostgreSQL, Redis, NATS and
// MinIO run as throw-away containers (testcontainers) instead of local processes.
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';

/** True when a Docker engine answers on DOCKER_HOST or the default socket. */
export async function dockerEngineReachable() {
  const host = process.env.DOCKER_HOST;
  if (host && !host.startsWith('unix://')) return true; // tcp engines: let testcontainers try
  const socket = host ? host.replace('unix://', '') : '/var/run/docker.sock';
  if (!existsSync(socket)) return false;
  return new Promise((resolve) => {
    const conn = createConnection(socket);
    conn.setTimeout(1000, () => {
      conn.destroy();
      resolve(false);
    });
    conn.once('connect', () => {
      // A live engine answers /_ping with "OK".
      conn.write('GET /_ping HTTP/1.0\r\n\r\n');
    });
    conn.once('data', (chunk) => {
      conn.destroy();
      resolve(/\r\n\r\nOK/.test(chunk.toString()) || chunk.toString().startsWith('HTTP/1.0 200'));
    });
    conn.once('error', () => resolve(false));
  });
}

/** @returns {Promise<{ env: Record<string,string>, stop: () => Promise<void> }>} */
export async function provisionContainers({ databaseName, bucket, log = (m) => console.log(`[infra] ${m}`) }) {
  const { GenericContainer, Wait } = await import('testcontainers');
  log('docker engine found: starting postgres, redis, nats and minio containers');
  const [postgres, redis, nats, minio] = await Promise.all([
    new GenericContainer('postgres:17.11-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres', POSTGRES_DB: databaseName })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('redis:8.2.2-bookworm')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start(),
    new GenericContainer('nats:2.11.4-alpine')
      .withCommand(['-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
    // MinIO's last community image: minio/minio left Docker Hub in 2026, quay.io keeps it.
    new GenericContainer('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z')
      .withCommand(['server', '/data'])
      .withEnvironment({ MINIO_ROOT_USER: 'minioadmin', MINIO_ROOT_PASSWORD: 'minioadmin' })
      .withExposedPorts(9000)
      .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
      .start(),
  ]);
  const host = (c) => c.getHost();
  return {
    env: {
      DATABASE_URL: `postgres://postgres:postgres@${host(postgres)}:${postgres.getMappedPort(5432)}/${databaseName}`,
      REDIS_URL: `redis://${host(redis)}:${redis.getMappedPort(6379)}`,
      NATS_URL: `nats://${host(nats)}:${nats.getMappedPort(4222)}`,
      S3_ENDPOINT: `http://${host(minio)}:${minio.getMappedPort(9000)}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'minioadmin',
      S3_SECRET_ACCESS_KEY: 'minioadmin',
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: bucket,
    },
    stop: async () => {
      await Promise.allSettled([postgres.stop(), redis.stop(), nats.stop(), minio.stop()]);
    },
  };
}
