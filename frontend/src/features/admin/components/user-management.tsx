import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { ShieldIcon, TrashIcon, UserIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/toast';
import { useDeleteUser } from '@/features/admin/api/delete-user';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { useAdminUsers, type AdminUser } from '@/features/admin/api/get-admin-users';
import { useToggleAdmin } from '@/features/admin/api/toggle-admin';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { displayName, formatLongDate } from '@/lib/format';
import { personOf } from '@/lib/person';

function failureToast(title: string, error: Error) {
  // The API client has already reported an ended session.
  if (isUnauthorizedError(error)) return;
  toast({ title, description: getServerMessage(error), variant: 'destructive' });
}

type UserRowProps = {
  user: AdminUser;
  isSelf: boolean;
  toggling: boolean;
  onToggleAdmin: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
};

function UserRow({ user, isSelf, toggling, onToggleAdmin, onDelete }: UserRowProps) {
  const person = personOf(user);
  const joined = formatLongDate(user.createdAt);
  // The server refuses both for your own account (so the site always keeps an admin).
  const selfHint = isSelf ? 'You cannot change your own account here' : undefined;
  return (
    <li className="admin-row" data-testid="admin-user-row" data-user-id={user.id} data-admin={user.isAdmin}>
      <Avatar person={person} size="md" decorative />
      <div className="admin-row__main">
        <p className="admin-row__title">
          <span data-testid="admin-user-name">{displayName(person)}</span>
          {user.isAdmin && (
            <span className="admin-badge" data-testid="admin-badge">
              <ShieldIcon size={12} />
              Admin
            </span>
          )}
          {isSelf && <span className="admin-row__you">(you)</span>}
        </p>
        {user.email && <p className="admin-row__text">{user.email}</p>}
        <p className="admin-row__meta">Joined {joined ?? 'Recently'}</p>
      </div>
      <div className="admin-row__actions">
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => onToggleAdmin(user)}
          disabled={toggling || isSelf}
          title={selfHint}
          aria-busy={toggling}
          data-testid="admin-toggle-admin"
        >
          <ShieldIcon size={16} />
          {user.isAdmin ? 'Remove Admin' : 'Make Admin'}
        </button>
        <button
          type="button"
          className="btn btn--danger btn--sm"
          onClick={() => onDelete(user)}
          disabled={isSelf}
          title={selfHint}
          aria-label={`Delete ${displayName(person, user.email)}`}
          data-testid="admin-delete-user"
        >
          <TrashIcon size={16} />
          <span className="admin-row__button-label">Delete</span>
        </button>
      </div>
    </li>
  );
}

type UserManagementProps = {
  currentUserId: string;
  /** A deleted member's videos and feedback go too (in the background); lists elsewhere may refresh. */
  onUserDeleted?: () => void;
};

/** Admin Panel, Users tab: every member, with the admin flag toggle and delete (spec section 2). */
export function UserManagement({ currentUserId, onUserDeleted }: UserManagementProps) {
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const users = useAdminUsers({ enabled: true, search });
  const toggleAdmin = useToggleAdmin();
  const deleteUser = useDeleteUser();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const onToggleAdmin = (user: AdminUser) => {
    toggleAdmin.mutate(user.id, {
      onSuccess: () => toast({ title: 'Admin status updated' }),
      onError: (error) => failureToast('Failed to update admin status', error),
    });
  };

  const onConfirmDelete = () => {
    if (!deleting || deleteUser.isPending) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'User deleted successfully' });
        setDeleting(null);
        onUserDeleted?.();
      },
      onError: (error) => failureToast('Failed to delete user', error),
    });
  };

  return (
    <section className="admin-section" aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="admin-section__title">
        User Management
      </h2>
      <form
        role="search"
        className="video-search"
        aria-label="Search users"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(draft.trim());
        }}
      >
        <label htmlFor="admin-user-search" className="visually-hidden">
          Search users by name or email
        </label>
        <input
          id="admin-user-search"
          type="search"
          className="field__control video-search__input"
          placeholder="Search by name or email..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={255}
          data-testid="admin-user-search"
        />
        <button type="submit" className="btn btn--primary">
          Search
        </button>
      </form>
      <ListState
        query={users}
        loadingLabel="Loading users"
        emptyIcon={<UserIcon className="empty-state__icon" size={40} />}
        emptyTitle="No users yet"
      >
        {(items) => (
          <ul className="admin-list" data-testid="admin-user-list">
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                toggling={toggleAdmin.isPending && toggleAdmin.variables === user.id}
                onToggleAdmin={onToggleAdmin}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </ListState>
      <LoadMoreButton
        hasNextPage={users.hasNextPage}
        isFetchingNextPage={users.isFetchingNextPage}
        onLoadMore={() => void users.fetchNextPage()}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete User"
        description={
          deleting
            ? `Are you sure you want to delete ${displayName(personOf(deleting), deleting.email)}? This action cannot be undone.`
            : undefined
        }
        pending={deleteUser.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
