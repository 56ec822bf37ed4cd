import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AUTH_RPC, MAX_REFERENCE_QUERY_KEYS, VIDEO_RPC, storedKeyOwner } from '@app/contracts';
import { RpcClient, rpcFailureDetail } from '@app/common';
import { config } from '../config.js';

/** An owner that does not answer within this long is asked again with the job's next attempt. */
const QUESTION_TIMEOUT_MS = 5000;

const QUESTION_OF_OWNER = {
  video: VIDEO_RPC.referencedKeys,
  auth: AUTH_RPC.referencedProfileImages,
} as const;

/**
 * Asks the services that own the rows naming stored objects (video: videos, auth: profile
 * pictures) which keys are still in use. The worker reads no other service's tables. An owner
 * that cannot be asked makes the question throw: nothing is deleted on a guess.
 */
@Injectable()
export class StoredKeyOwners implements OnModuleInit, OnApplicationShutdown {
  private readonly rpc = RpcClient.overNats(config, 'media-worker', { deadlineMs: QUESTION_TIMEOUT_MS });

  async onModuleInit(): Promise<void> {
    await this.rpc.onModuleInit();
  }

  /** The keys a live row still references; every key must have an owner (see storedKeyOwner). */
  async referenced(keys: readonly string[]): Promise<Set<string>> {
    const byOwner = new Map<keyof typeof QUESTION_OF_OWNER, string[]>();
    for (const key of new Set(keys)) {
      const owner = storedKeyOwner(key);
      if (!owner) throw new Error(`no service owns ${key}`);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), key]);
    }
    const referenced = new Set<string>();
    for (const [owner, ownedKeys] of byOwner) {
      for (let i = 0; i < ownedKeys.length; i += MAX_REFERENCE_QUERY_KEYS) {
        const asked = ownedKeys.slice(i, i + MAX_REFERENCE_QUERY_KEYS);
        const answer = await this.rpc.call(QUESTION_OF_OWNER[owner], { keys: asked }).catch((error: unknown) => {
          // The job's failure reason says why the owner could not be asked (no subscribers, a timeout).
          throw new Error(rpcFailureDetail(error), { cause: error });
        });
        // Only what was asked counts: an answer cannot widen what is kept or deleted.
        for (const key of answer.referenced) if (asked.includes(key)) referenced.add(key);
      }
    }
    return referenced;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rpc.onApplicationShutdown();
  }
}
