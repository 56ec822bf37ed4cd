import { describe, expect, it } from '@jest/globals';
import { personFields, personFromFields, personName, personSummary } from './person-summary.js';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('personName (the one display name)', () => {
  it('joins first and last name, trimmed', () => {
    expect(personName(' Ada ', ' Lovelace ')).toBe('Ada Lovelace');
  });

  it('uses whichever part exists, and is null for neither', () => {
    expect(personName(null, 'Lovelace')).toBe('Lovelace');
    expect(personName('Ada', '  ')).toBe('Ada');
    expect(personName('', ' ')).toBeNull();
    expect(personName(undefined, null)).toBeNull();
  });
});

describe('personSummary', () => {
  it('builds the summary with its name', () => {
    expect(personSummary({ id: ID, firstName: 'Ada', lastName: null, image: '/a.png' })).toEqual({
      id: ID,
      name: 'Ada',
      firstName: 'Ada',
      lastName: null,
      image: '/a.png',
    });
  });
});

describe('personFields / personFromFields (the spec’s flat wire fields)', () => {
  const ada = personSummary({ id: ID, firstName: 'Ada', lastName: 'Lovelace', image: null });

  it('flattens a person into the uploader’s and the author’s fields', () => {
    expect(personFields('uploader', ada)).toEqual({
      uploaderId: ID,
      uploaderName: 'Ada Lovelace',
      uploaderFirstName: 'Ada',
      uploaderLastName: 'Lovelace',
      uploaderImage: null,
    });
    expect(personFields('author', ada)).toEqual({
      authorId: ID,
      authorName: 'Ada Lovelace',
      authorFirstName: 'Ada',
      authorLastName: 'Lovelace',
      authorImage: null,
    });
  });

  it('reads the same person back from the fields', () => {
    expect(personFromFields('author', personFields('author', ada))).toEqual(ada);
    expect(
      personFromFields('uploader', {
        uploaderId: ID,
        uploaderName: null,
        uploaderFirstName: ' Sam ',
        uploaderLastName: null,
        uploaderImage: '/s.png',
      }),
    ).toEqual({ id: ID, name: 'Sam', firstName: ' Sam ', lastName: null, image: '/s.png' });
  });
});
