import { describe, expect, it } from '@jest/globals';
import { isCommonPassword } from './common-passwords.js';

describe('common passwords', () => {
  it.each(['123456', 'password', 'qwerty123', 'iloveyou', 'Password1', ' LETMEIN ', 'football'])(
    'knows %j',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['correct horse battery', 'Tr0mbone-Sunset-42', 'demo-password'])('lets %j through', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});
