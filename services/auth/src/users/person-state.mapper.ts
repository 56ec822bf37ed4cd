import type { PersonState } from '@app/contracts';
import type { UserEntity } from '../db/entities/user.entity.js';

/** What other services show of a member: names and the public picture URL, as UserDto shows them. */
export function toPersonState(
  user: Pick<UserEntity, 'id' | 'profileRevision' | 'firstName' | 'lastName' | 'profileImageUrl'>,
): PersonState {
  return {
    id: user.id,
    revision: user.profileRevision,
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.profileImageUrl,
    removed: false,
  };
}

/** A deleted account: nothing of the member travels any more, only that they are gone, one revision on. */
export function removedPerson(user: Pick<UserEntity, 'id' | 'profileRevision'>): PersonState {
  return {
    id: user.id,
    revision: user.profileRevision + 1,
    firstName: null,
    lastName: null,
    image: null,
    removed: true,
  };
}
