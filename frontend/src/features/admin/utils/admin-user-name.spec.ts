import { describe, expect, it } from '@jest/globals';
import { adminUserName } from './admin-user-name';

describe('adminUserName', () => {
  it('uses the full name', () => {
    expect(adminUserName({ firstName: ' Ada ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
  });

  it('uses whichever name part exists', () => {
    expect(adminUserName({ firstName: null, lastName: 'Lovelace', email: 'ada@example.com' })).toBe('Lovelace');
  });

  it('falls back to the email, then to Unknown User', () => {
    expect(adminUserName({ firstName: '', lastName: ' ', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(adminUserName({ firstName: null, lastName: null })).toBe('Unknown User');
  });
});
