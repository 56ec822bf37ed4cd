/** Texts shared by the login and registration pages and dialogs (spec section 2). */
export const LOGIN_TITLE = 'Welcome Back';
export const LOGIN_SUBTITLE = 'Sign in to your account to keep sharing, learning and giving feedback.';
export const REGISTER_TITLE = 'Create Account';
export const REGISTER_SUBTITLE = 'Join the community to share your skills and get feedback that helps you improve.';

/** Self-service reset is not available (spec section 8). */
export const PASSWORD_RESET_MESSAGE =
  "Please contact support to reset your password. We'll add self-service password reset soon!";
