import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@/components/ui/document-title';
import { AlertCircleIcon, ArrowLeftIcon, FolderIcon, ShieldIcon, UserIcon, VideoIcon } from '@/components/ui/icons';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { UserManagement } from '@/features/admin/components/user-management';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { getBookmarksQueryOptions } from '@/features/bookmarks/api/get-bookmarks';
import { CategoryManagement } from '@/features/categories/components/category-management';
import { ReportsManagement } from '@/features/moderation';
import { VIDEOS_QUERY_KEY_ROOT } from '@/features/videos/api/get-videos';
import { VideoManagement } from '@/features/videos/components/video-management';
import { useCurrentUser } from '@/lib/auth';
import '@/components/ui/tabs.css';
import './admin.css';

function AccessDenied({ signedIn }: { signedIn: boolean }) {
  const authDialog = useAuthDialog();
  return (
    <div className="status-page" data-testid="admin-access-denied">
      <DocumentTitle title="Access Denied" />
      <div className="card status-card">
        <div className="status-card__header">
          <AlertCircleIcon className="status-card__icon" size={32} />
          <h1 className="status-card__title">Access Denied</h1>
        </div>
        <p className="status-card__text status-card__text--spaced">
          {signedIn
            ? "You don't have admin privileges to access this page."
            : 'You need to be logged in to access the admin panel.'}
        </p>
        {signedIn ? (
          <Link to={paths.home} className="btn btn--primary">
            <ArrowLeftIcon size={18} />
            Back to browsing
          </Link>
        ) : (
          <button type="button" className="btn btn--primary" onClick={() => authDialog.open('login')}>
            Log in
          </button>
        )}
      </div>
    </div>
  );
}

export function AdminRoute() {
  const { user, isAdmin, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();

  // A removed member or category changes what the video lists (and saved lists) show.
  const refreshVideoLists = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY_ROOT });
    void queryClient.invalidateQueries({ queryKey: getBookmarksQueryOptions().queryKey });
  }, [queryClient]);

  if (isLoading) {
    return (
      <section className="admin-page">
        <DocumentTitle title="Admin Panel" />
        <div className="container">
          <ListSkeleton label="Loading the admin panel" />
        </div>
      </section>
    );
  }
  if (!user || !isAdmin) return <AccessDenied signedIn={user !== null} />;

  return (
    <section className="admin-page" aria-labelledby="admin-title" data-testid="admin-panel">
      <DocumentTitle title="Admin Panel" />
      <div className="container admin-page__content">
        <div className="page-header">
          <h1 id="admin-title" className="page-title admin-page__title">
            <ShieldIcon size={28} />
            Admin Panel
          </h1>
          <p className="page-lead">Manage users, categories and videos.</p>
        </div>
        <Tabs
          label="Admin sections"
          tabs={[
            {
              id: 'users',
              label: 'Users',
              icon: <UserIcon size={16} />,
              testId: 'admin-tab-users',
              content: <UserManagement currentUserId={user.id} onUserDeleted={refreshVideoLists} />,
            },
            {
              id: 'categories',
              label: 'Categories',
              icon: <FolderIcon size={16} />,
              testId: 'admin-tab-categories',
              content: <CategoryManagement onCategoryDeleted={refreshVideoLists} />,
            },
            {
              id: 'videos',
              label: 'Videos',
              icon: <VideoIcon size={16} />,
              testId: 'admin-tab-videos',
              content: <VideoManagement />,
            },
            {
              id: 'reports',
              label: 'Reports',
              icon: <AlertCircleIcon size={16} />,
              testId: 'admin-tab-reports',
              content: <ReportsManagement />,
            },
          ]}
        />
      </div>
    </section>
  );
}
