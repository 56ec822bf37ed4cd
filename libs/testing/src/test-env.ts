import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** Repository root (libs/testing/src → ../../..). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/**
 * Infrastructure of this test run, provisioned by `npm test` (infra/local/test.mjs): each run has
 * its own database, bucket, queue prefix and NATS subject prefix.
 */
export function testInfra() {
  const required = [
    'DATABASE_URL',
    'REDIS_URL',
    'NATS_URL',
    'S3_ENDPOINT',
    'S3_BUCKET',
    'QUEUE_PREFIX',
    'NATS_SUBJECT_PREFIX',
    'TEST_RUN_ID',
  ];
  const missing = required.filter((key) => process.env[key] === undefined);
  if (missing.length) {
    throw new Error(
      `Missing ${missing.join(', ')}: run the tests with \`npm test\`, which provisions the infrastructure.`,
    );
  }
  return {
    runId: process.env.TEST_RUN_ID as string,
    databaseUrl: process.env.DATABASE_URL as string,
    redisUrl: process.env.REDIS_URL as string,
    natsUrl: process.env.NATS_URL as string,
    queuePrefix: process.env.QUEUE_PREFIX as string,
    natsSubjectPrefix: process.env.NATS_SUBJECT_PREFIX as string,
    ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: process.env.FFPROBE_PATH ?? 'ffprobe',
    s3: {
      S3_ENDPOINT: process.env.S3_ENDPOINT as string,
      S3_REGION: process.env.S3_REGION ?? 'us-east-1',
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'S3RVER',
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER',
      S3_BUCKET: process.env.S3_BUCKET as string,
      S3_FORCE_PATH_STYLE: (process.env.S3_FORCE_PATH_STYLE ?? 'true') === 'true',
    },
  };
}

export function assertBuilt(entry: string): void {
  if (!existsSync(resolve(REPO_ROOT, entry))) {
    throw new Error(`${entry} is missing: \`npm test\` builds the apps before running the tests.`);
  }
}
