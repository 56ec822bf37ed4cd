import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { LOGIN_SUBTITLE, LOGIN_TITLE, REGISTER_SUBTITLE, REGISTER_TITLE } from '@/features/auth/components/auth-copy';
import { AuthDialogContext, type AuthDialogMode } from '@/features/auth/hooks/use-auth-dialog';

// The forms (and the validation library behind them) load when a dialog first opens.
const LoginForm = lazy(() => import('@/features/auth/components/login-form').then((m) => ({ default: m.LoginForm })));
const RegisterForm = lazy(() =>
  import('@/features/auth/components/register-form').then((m) => ({ default: m.RegisterForm })),
);

/**
 * Hosts the login and registration dialogs. They are one dialog whose content switches, so
 * switching keeps focus inside and closing returns it to the button that first opened it.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthDialogMode | null>(null);
  const value = useMemo(() => ({ mode, open: setMode, close: () => setMode(null) }), [mode]);

  return (
    <AuthDialogContext value={value}>
      {children}
      <Dialog
        open={mode !== null}
        onClose={() => setMode(null)}
        title={mode === 'register' ? REGISTER_TITLE : LOGIN_TITLE}
        description={mode === 'register' ? REGISTER_SUBTITLE : LOGIN_SUBTITLE}
        size="sm"
        className="auth-dialog"
        testId={mode === 'register' ? 'register-dialog' : 'login-dialog'}
      >
        <Suspense
          fallback={
            <p className="dialog__loading" role="status">
              Loading…
            </p>
          }
        >
          {mode === 'register' ? (
            <RegisterForm key="register" variant="dialog" onSignIn={() => setMode('login')} />
          ) : (
            <LoginForm key="login" variant="dialog" onCreateAccount={() => setMode('register')} />
          )}
        </Suspense>
      </Dialog>
    </AuthDialogContext>
  );
}
