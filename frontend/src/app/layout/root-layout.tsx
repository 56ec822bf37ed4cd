import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from '@/app/layout/site-footer';
import { SiteHeader } from '@/app/layout/site-header';
import { UploadDialogProvider } from '@/app/layout/upload-dialog-provider';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import './layout.css';

export function RootLayout() {
  return (
    <AuthDialogProvider>
      <UploadDialogProvider>
        <div className="app-shell">
          <a href="#main-content" className="skip-link">
            Skip to content
          </a>
          <SiteHeader />
          <main id="main-content" className="app-main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter />
          <ScrollRestoration />
        </div>
      </UploadDialogProvider>
    </AuthDialogProvider>
  );
}
