import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { config } from '../config.js';
import { ThrottleStore } from './throttle-store.js';

/**
 * Longest an upload may hold its slot: beyond Node's 300 s request timeout and the wait for the
 * service, so a slot is only ever freed this way when its gateway replica died mid-upload.
 */
const SLOT_LEASE_MS = 10 * 60 * 1000;

export interface UploadSlot {
  release(): Promise<void>;
}

/**
 * How many file uploads one member may stream at once, across every gateway replica: each holds
 * a part buffer and a storage upload, so one account cannot starve everyone else's uploads.
 */
@Injectable()
export class UploadSlots {
  constructor(private readonly store: ThrottleStore) {}

  /** Takes one of the member's slots; 429 when all are in use. */
  async take(memberId: string): Promise<UploadSlot> {
    const key = `${this.store.prefix}:uploads-in-flight:member:${memberId}`;
    const leaseId = randomUUID();
    const limit = config.THROTTLE_UPLOADS_IN_FLIGHT;
    const outcome = await this.store.takeLease(key, leaseId, limit, SLOT_LEASE_MS);
    if (outcome && !outcome.taken) {
      throw new HttpException(
        {
          message: `You already have ${limit} upload${limit === 1 ? '' : 's'} in progress. Please wait for one to finish, then try again.`,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return { release: () => this.store.releaseLease(key, leaseId) };
  }
}
