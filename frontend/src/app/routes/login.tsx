import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { LOGIN_SUBTITLE, LOGIN_TITLE } from '@/features/auth/components/auth-copy';
import { LoginForm } from '@/features/auth/components/login-form';
import { useCurrentUser } from '@/lib/auth';
import '@/features/auth/auth.css';

export function LoginRoute() {
  const { isAuthenticated } = useCurrentUser();
  if (isAuthenticated) return <Navigate to={paths.home} replace />;

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <DocumentTitle title="Log in" />
      <div className="card auth-card">
        <h1 id="login-title" className="auth-card__title">
          {LOGIN_TITLE}
        </h1>
        <p className="auth-card__subtitle">{LOGIN_SUBTITLE}</p>
        <LoginForm variant="page" />
      </div>
    </section>
  );
}
