import { loginRequestSchema, registerRequestSchema } from '@app/contracts';
import { describe, expect, it } from '@jest/globals';
import { validateForm } from './validation';

describe('validateForm', () => {
  it("gives each field the spec's message (section 5)", () => {
    const result = validateForm(registerRequestSchema, {
      firstName: '',
      lastName: ' ',
      email: 'not-an-email',
      password: '12345',
      description: '',
    });
    expect(result).toEqual({
      success: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        password: 'Password must be at least 6 characters long',
      },
    });
  });

  it('returns the parsed values when every rule passes', () => {
    const result = validateForm(loginRequestSchema, { email: ' Alex@Example.com ', password: 'x' });
    expect(result).toEqual({ success: true, data: { email: 'alex@example.com', password: 'x' } });
  });

  it('asks for the password on sign-in', () => {
    const result = validateForm(loginRequestSchema, { email: 'alex@example.com', password: '' });
    expect(result).toEqual({ success: false, errors: { password: 'Password is required' } });
  });
});
