import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, firstIssueMessage, loginRequestSchema, registerRequestSchema } from './auth.schemas.js';
import { profileImageKeyFromUrl, profileImageUrlFor } from './user.types.js';

const valid = { email: 'a@b.co', password: 'secret', firstName: 'A', lastName: 'B' };

describe('account request rules', () => {
  it('normalises the email and trims names; a blank description becomes null', () => {
    expect(
      registerRequestSchema.parse({ ...valid, email: ' Mixed@Case.COM ', firstName: ' Ann ', description: '  ' }),
    ).toEqual({ email: 'mixed@case.com', password: 'secret', firstName: 'Ann', lastName: 'B', description: null });
  });

  it('drops fields the client may not set', () => {
    expect(registerRequestSchema.parse({ ...valid, isAdmin: true, points: 5 })).not.toHaveProperty('isAdmin');
  });

  it('keeps the password exactly as typed', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.co', password: '  spaced  ' }).password).toBe('  spaced  ');
  });

  it.each([
    [{ ...valid, email: 'nope' }, AUTH_MESSAGES.invalidEmail],
    [{ ...valid, email: undefined }, AUTH_MESSAGES.invalidEmail],
    [{ ...valid, password: '12345' }, AUTH_MESSAGES.passwordTooShort],
    [{ ...valid, firstName: ' ' }, AUTH_MESSAGES.firstNameRequired],
    [{ ...valid, lastName: undefined }, AUTH_MESSAGES.lastNameRequired],
  ])('gives the spec’s message for %j', (input, message) => {
    expect(firstIssueMessage(registerRequestSchema, input)).toBe(message);
  });
});

describe('profile image urls', () => {
  const key = 'profile-images/0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f/7c9e6679-7425-40de-944b-e07fc1f90ae7.png';

  it('round-trips between object key and public url', () => {
    expect(profileImageKeyFromUrl(profileImageUrlFor(key))).toBe(key);
  });

  it('refuses anything else, including path tricks', () => {
    expect(profileImageKeyFromUrl(null)).toBeNull();
    expect(profileImageKeyFromUrl('https://elsewhere.example/x.png')).toBeNull();
    expect(profileImageKeyFromUrl('/api/users/0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f/profile-image/../x.png')).toBeNull();
    expect(profileImageKeyFromUrl('/api/users/0d4f8a9e-1111-4c3b-9a7e-2b5f0c1d2e3f/profile-image/a.svg')).toBeNull();
  });
});
