import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { firstValueFrom, timeout } from 'rxjs';
import {
  MAX_REFERENCE_QUERY_KEYS,
  MEDIA_REFERENCE_PATTERNS,
  storedKeyOwner,
  type ReferencedKeysRequest,
  type ReferencedKeysResponse,
} from '@app/contracts';
import { NamespacedNatsClient, natsConnectionOptions } from '@app/common';
import { config } from '../config.js';

/** An owner that does not answer within this long is asked again with the job's next attempt. */
const QUESTION_TIMEOUT_MS = 5000;

const PATTERN_OF_OWNER = {
  video: MEDIA_REFERENCE_PATTERNS.videoKeys,
  auth: MEDIA_REFERENCE_PATTERNS.profileImageKeys,
} as const;

/**
 * Asks the services that own the rows naming stored objects (video: videos, auth: profile
 * pictures) which keys are still in use. The worker reads no other service's tables. An owner
 * that cannot be asked makes the question throw: nothing is deleted on a guess.
 */
@Injectable()
export class StoredKeyOwners implements OnModuleInit, OnApplicationShutdown {
  private readonly client = new NamespacedNatsClient(
    config.NATS_SUBJECT_PREFIX,
    natsConnectionOptions(config, 'media-worker'),
  );

  async onModuleInit(): Promise<void> {
    await this.client.connect();
  }

  /** The keys a live row still references; every key must have an owner (see storedKeyOwner). */
  async referenced(keys: readonly string[]): Promise<Set<string>> {
    const byOwner = new Map<keyof typeof PATTERN_OF_OWNER, string[]>();
    for (const key of new Set(keys)) {
      const owner = storedKeyOwner(key);
      if (!owner) throw new Error(`no service owns ${key}`);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
    }
    const referenced = new Set<string>();
    for (const [owner, ownedKeys] of byOwner) {
      for (let i = 0; i < ownedKeys.length; i += MAX_REFERENCE_QUERY_KEYS) {
        const asked = ownedKeys.slice(i, i + MAX_REFERENCE_QUERY_KEYS);
        const answer = await firstValueFrom(
          this.client
            .send<ReferencedKeysResponse, ReferencedKeysRequest>(PATTERN_OF_OWNER[owner], { keys: asked })
            .pipe(timeout(QUESTION_TIMEOUT_MS)),
        );
        // Only what was asked counts: an answer cannot widen what is kept or deleted.
        for (const key of answer.referenced) if (asked.includes(key)) referenced.add(key);
      }
    }
    return referenced;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
