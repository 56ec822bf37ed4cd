import { z } from 'zod';
import { hasForbiddenCharacter, isInvisibleText } from '../text/plain-text.js';

/**
 * Request rules for accounts and profiles, shared by the gateway (first check, 400 with the
 * field's message), the auth service (the guard) and the browser forms (convenience). The
 * messages are the spec's (section 5) where it has them.
 */
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email must be 255 characters or less',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be 255 characters or less',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be 100 characters or less',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name must be 100 characters or less',
  descriptionTooLong: 'About Me must be 1000 characters or less',
  firstNameControlCharacter: 'First name must not contain control characters',
  lastNameControlCharacter: 'Last name must not contain control characters',
  descriptionControlCharacter: 'About Me must not contain control characters',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Unauthorized',
  userNotFound: 'User not found',
  imageRequired: 'Please choose an image file (field "profileImage")',
  imageInvalid: 'Profile picture must be a JPEG, PNG, WebP or GIF image',
  imageTooLarge: 'Profile picture must be 5MB or smaller',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
} as const;

export const LIMITS = {
  emailMax: 255,
  passwordMin: 6,
  passwordMax: 255,
  nameMax: 100,
  descriptionMax: 1000,
  profileImageMaxBytes: 5 * 1024 * 1024,
} as const;

// A string field; a missing or non-string value gets the field's "required" message.
const text = (requiredMessage: string) => z.string({ error: requiredMessage });

const email = text(AUTH_MESSAGES.invalidEmail)
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, AUTH_MESSAGES.emailTooLong)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail));

// A name made only of invisible characters is no name.
const name = (required: string, tooLong: string, control: string) =>
  text(required)
    .trim()
    .refine((value) => !isInvisibleText(value), required)
    .max(LIMITS.nameMax, tooLong)
    .refine((value) => !hasForbiddenCharacter(value, 'single-line'), control);

const description = z
  .string({ error: AUTH_MESSAGES.descriptionTooLong })
  .max(LIMITS.descriptionMax, AUTH_MESSAGES.descriptionTooLong)
  .refine((value) => !hasForbiddenCharacter(value, 'multi-line'), AUTH_MESSAGES.descriptionControlCharacter)
  .nullish()
  .transform((value) => (value && !isInvisibleText(value) ? value.trim() : null));

const firstName = name(
  AUTH_MESSAGES.firstNameRequired,
  AUTH_MESSAGES.firstNameTooLong,
  AUTH_MESSAGES.firstNameControlCharacter,
);
const lastName = name(
  AUTH_MESSAGES.lastNameRequired,
  AUTH_MESSAGES.lastNameTooLong,
  AUTH_MESSAGES.lastNameControlCharacter,
);

// A password someone chooses (registration, change): the spec's length rule. The auth service
// also refuses the most common passwords (AUTH_MESSAGES.passwordTooCommon).
const newPassword = text(AUTH_MESSAGES.passwordTooShort)
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong);

/** POST /api/auth/register. isAdmin, points, ids and timestamps are not part of it and are dropped. */
export const registerRequestSchema = z.object({
  email,
  password: newPassword,
  firstName,
  lastName,
  description,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/auth/login */
export const loginRequestSchema = z.object({
  email,
  password: text(AUTH_MESSAGES.passwordRequired)
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** PUT /api/auth/password: the signed-in member's current password, and the new one. */
export const changePasswordRequestSchema = z.object({
  currentPassword: text(AUTH_MESSAGES.currentPasswordRequired)
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** PUT /api/users/profile */
export const updateProfileRequestSchema = z.object({
  firstName,
  lastName,
  description,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The first broken rule's message, or null when the value passes. */
export function firstIssueMessage<T>(schema: z.ZodType<T>, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid input');
}
