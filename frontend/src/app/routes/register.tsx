import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { paths } from '@/config/paths';
import { REGISTER_SUBTITLE, REGISTER_TITLE } from '@/features/auth/components/auth-copy';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useCurrentUser } from '@/lib/auth';
import '@/features/auth/auth.css';

export function RegisterRoute() {
  const { isAuthenticated } = useCurrentUser();
  if (isAuthenticated) return <Navigate to={paths.home} replace />;

  return (
    <section className="auth-page" aria-labelledby="register-title">
      <DocumentTitle title="Sign up" />
      <div className="card auth-card">
        <h1 id="register-title" className="auth-card__title">
          {REGISTER_TITLE}
        </h1>
        <p className="auth-card__subtitle">{REGISTER_SUBTITLE}</p>
        <RegisterForm variant="page" />
      </div>
    </section>
  );
}
