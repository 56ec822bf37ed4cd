import { createContext, useContext } from 'react';

export type AuthDialogMode = 'login' | 'register';

export type AuthDialogContextValue = {
  mode: AuthDialogMode | null;
  open: (mode: AuthDialogMode) => void;
  close: () => void;
};

export const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** Opens the login or registration dialog from anywhere under the AuthDialogProvider. */
export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>.');
  return value;
}
