import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { UploadVideoButton } from '@/app/layout/upload-video-button';
import { Avatar } from '@/components/ui/avatar';
import { DropdownMenu, type MenuItem } from '@/components/ui/dropdown-menu';
import {
  BookmarkIcon,
  ChevronDownIcon,
  CloseIcon,
  LogOutIcon,
  MenuIcon,
  PlayLogoIcon,
  SearchIcon,
  ShieldIcon,
  UserIcon,
  VideoIcon,
} from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { APP_NAME, CATEGORIES_SECTION_ID } from '@/config/constants';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useAuthDialog } from '@/features/auth/hooks/use-auth-dialog';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useCurrentUser, type CurrentUser } from '@/lib/auth';
import { personOf } from '@/lib/person';
import './layout.css';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link';

function NavLinks({ signedIn, admin, onNavigate }: { signedIn: boolean; admin: boolean; onNavigate?: () => void }) {
  return (
    <ul className="site-nav">
      <li>
        {/* ScrollRestoration scrolls to the hash target once Home has rendered, from any page. */}
        <NavLink
          to={{ pathname: paths.home, hash: CATEGORIES_SECTION_ID }}
          className={navLinkClass}
          end
          onClick={onNavigate}
        >
          Browse
        </NavLink>
      </li>
      {signedIn && (
        <li>
          <NavLink to={paths.myVideos} className={navLinkClass} onClick={onNavigate}>
            My Videos
          </NavLink>
        </li>
      )}
      {admin && (
        <li>
          <NavLink to={paths.admin} className={navLinkClass} onClick={onNavigate}>
            Admin
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to={paths.about} className={navLinkClass} onClick={onNavigate}>
          About
        </NavLink>
      </li>
    </ul>
  );
}

/** Enter carries the words to Home (?q=), whose title search applies them. */
function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState(() => new URLSearchParams(location.search).get('q') ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    void navigate({ pathname: paths.home, search: q ? `?${new URLSearchParams({ q }).toString()}` : '' });
  };

  return (
    <form role="search" className="header-search" onSubmit={onSubmit}>
      <SearchIcon className="header-search__icon" size={18} />
      <input
        type="search"
        className="header-search__input"
        placeholder="Search videos..."
        aria-label="Search videos"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        maxLength={200}
      />
    </form>
  );
}

function accountItems(user: CurrentUser, onLogout: () => void): MenuItem[] {
  const items: MenuItem[] = [
    { kind: 'link', label: 'Profile', to: paths.profile(user.id), icon: <UserIcon size={18} /> },
    { kind: 'link', label: 'My Videos', to: paths.myVideos, icon: <VideoIcon size={18} /> },
    { kind: 'link', label: 'Saved Videos', to: paths.savedVideos, icon: <BookmarkIcon size={18} /> },
  ];
  if (user.isAdmin) {
    items.push({ kind: 'link', label: 'Admin Panel', to: paths.admin, icon: <ShieldIcon size={18} /> });
  }
  items.push({
    kind: 'action',
    label: 'Log out',
    onSelect: onLogout,
    icon: <LogOutIcon size={18} />,
    danger: true,
    testId: 'logout-button',
  });
  return items;
}

function UserSummary({ user }: { user: CurrentUser }) {
  const { name } = personOf(user);
  return (
    <div className="user-summary">
      <Avatar person={personOf(user)} size="md" decorative />
      <div className="user-summary__text">
        <p className="user-summary__name">{name || user.email || 'Your account'}</p>
        {user.email && name && <p className="user-summary__email">{user.email}</p>}
      </div>
    </div>
  );
}

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const { user, isAdmin, isLoading } = useCurrentUser();
  const authDialog = useAuthDialog();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const closeMenu = () => setMenuOpen(false);

  // Back/forward navigation also closes the mobile menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuToggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const onLogout = () => {
    closeMenu();
    logout.mutate(undefined, {
      onSuccess: () => void navigate(paths.home),
      onError: () => toast({ title: 'Logout failed', description: 'Please try again.', variant: 'destructive' }),
    });
  };

  const openAuthDialog = (mode: 'login' | 'register') => {
    if (menuOpen) {
      // The mobile menu (and the button pressed in it) goes away, so the dialog returns focus to the toggle.
      closeMenu();
      menuToggle.current?.focus();
    }
    authDialog.open(mode);
  };

  const signedOutActions = (
    <>
      <button type="button" className="btn btn--ghost" onClick={() => openAuthDialog('login')}>
        Log in
      </button>
      <button type="button" className="btn btn--primary" onClick={() => openAuthDialog('register')}>
        Sign up
      </button>
    </>
  );

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand" onClick={closeMenu}>
          <PlayLogoIcon className="brand__mark" size={28} />
          <span className="brand__name">{APP_NAME}</span>
        </Link>

        <nav aria-label="Main" className="site-header__nav">
          <NavLinks signedIn={user !== null} admin={isAdmin} />
        </nav>

        <div className="site-header__search">
          <HeaderSearch />
        </div>

        {user && (
          // Outside the actions, which the phone layout moves into the menu: the bell stays in sight.
          <div className="site-header__bell">
            <NotificationBell onOpen={closeMenu} />
          </div>
        )}

        <div className="site-header__actions">
          {isLoading ? (
            <span className="site-header__placeholder" aria-hidden="true" />
          ) : user ? (
            <>
              <UploadVideoButton />
              <DropdownMenu
                label="Account menu"
                triggerClassName="user-menu-trigger"
                triggerTestId="user-menu-trigger"
                trigger={
                  <>
                    <Avatar person={personOf(user)} size="md" decorative />
                    <ChevronDownIcon size={16} className="user-menu-trigger__chevron" />
                  </>
                }
                header={<UserSummary user={user} />}
                items={accountItems(user, onLogout)}
              />
            </>
          ) : (
            signedOutActions
          )}
        </div>

        <button
          ref={menuToggle}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="mobile-menu">
          <div className="container mobile-menu__inner">
            <nav aria-label="Main">
              {/* My Videos and Admin Panel are listed once, with the account links below. */}
              <NavLinks signedIn={false} admin={false} onNavigate={closeMenu} />
            </nav>
            {user ? (
              <div className="mobile-menu__account">
                <UserSummary user={user} />
                <UploadVideoButton
                  className="btn--block"
                  onOpen={() => {
                    // The menu (and this button) goes away, so the dialog returns focus to the toggle.
                    closeMenu();
                    menuToggle.current?.focus();
                  }}
                />
                <ul className="mobile-menu__links" aria-label="Account">
                  {accountItems(user, onLogout).map((item) => (
                    <li key={item.label}>
                      {item.kind === 'link' ? (
                        <Link to={item.to} className="mobile-menu__link" onClick={closeMenu}>
                          {item.icon}
                          {item.label}
                        </Link>
                      ) : (
                        <button
                          type="button"
                          className="mobile-menu__link mobile-menu__link--danger"
                          onClick={item.onSelect}
                        >
                          {item.icon}
                          {item.label}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              !isLoading && <div className="mobile-menu__auth">{signedOutActions}</div>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
