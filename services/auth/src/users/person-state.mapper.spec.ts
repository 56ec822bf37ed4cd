import { describe, expect, it } from '@jest/globals';
import { removedPerson, toPersonState } from './person-state.mapper.js';

const member = {
  id: '0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f',
  profileRevision: 4,
  firstName: 'Dana',
  lastName: 'Reyes',
  profileImageUrl: '/api/users/0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f/profile-image/5e1c.png',
};

describe('the public face other services keep of a member', () => {
  it('is the names and the picture URL a profile shows, at the row’s revision', () => {
    expect(toPersonState(member)).toEqual({
      id: member.id,
      revision: 4,
      firstName: 'Dana',
      lastName: 'Reyes',
      image: member.profileImageUrl,
      removed: false,
    });
  });

  it('is nothing but the removal once the account went, one revision on', () => {
    expect(removedPerson(member)).toEqual({
      id: member.id,
      revision: 5,
      firstName: null,
      lastName: null,
      image: null,
      removed: true,
    });
  });
});
