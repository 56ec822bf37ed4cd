import { Injectable } from '@nestjs/common';
import { AUTH_RPC, ERROR_CODES, type PersonState } from '@app/contracts';
import { DomainError, RpcClient } from '@app/common';

/**
 * Revision 0: below any state auth's events carry, so a read-through copy never replaces an event's
 * state and the next event replaces it.
 */
export const READ_THROUGH_REVISION = 0;

/**
 * A member's public face as the auth service holds it now, asked when the listing projection meets
 * an uploader it has not heard of (their profile event is on its way, or predates the projection).
 */
@Injectable()
export class PeopleOfRecord {
  constructor(private readonly rpc: RpcClient) {}

  /** null when auth has no such member (the account went); throws when auth does not answer. */
  async find(userId: string): Promise<PersonState | null> {
    try {
      const user = await this.rpc.call(AUTH_RPC.getUser, { userId, viewerId: null });
      return {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        image: user.profileImageUrl,
        removed: false,
        revision: READ_THROUGH_REVISION,
      };
    } catch (error) {
      if (error instanceof DomainError && error.code === ERROR_CODES.notFound) return null;
      throw error;
    }
  }
}
