import { describe, expect, it } from '@jest/globals';
import { personOf } from './person';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('personOf (the person beside a video, a feedback or a user)', () => {
  it("reads a video's uploader", () => {
    const video = {
      uploaderId: ID,
      uploaderName: 'Sam Lee',
      uploaderFirstName: 'Sam',
      uploaderLastName: 'Lee',
      uploaderImage: '/api/users/x/profile-image/a.png',
    };
    expect(personOf(video)).toEqual({
      id: ID,
      name: 'Sam Lee',
      firstName: 'Sam',
      lastName: 'Lee',
      image: '/api/users/x/profile-image/a.png',
    });
  });

  it("reads a feedback's author", () => {
    const feedback = {
      authorId: ID,
      authorName: 'Ada',
      authorFirstName: 'Ada',
      authorLastName: null,
      authorImage: null,
    };
    expect(personOf(feedback)).toEqual({ id: ID, name: 'Ada', firstName: 'Ada', lastName: null, image: null });
  });

  it('reads a user, their picture from profileImageUrl', () => {
    const user = { id: ID, firstName: ' ', lastName: 'Lovelace', profileImageUrl: '/p.png' };
    expect(personOf(user)).toEqual({ id: ID, name: 'Lovelace', firstName: ' ', lastName: 'Lovelace', image: '/p.png' });
  });
});
