import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { CloseIcon, MenuIcon, PlayLogoIcon } from '@/components/ui/icons';
import { APP_NAME, CATEGORIES_SECTION_ID } from '@/config/constants';
import { paths } from '@/config/paths';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand" onClick={closeMenu}>
          <PlayLogoIcon className="brand__mark" size={28} />
          <span className="brand__name">{APP_NAME}</span>
        </Link>

        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>

        <div id="site-menu" className={menuOpen ? 'site-header__menu site-header__menu--open' : 'site-header__menu'}>
          <nav aria-label="Main">
            <ul className="site-nav">
              <li>
                {/* ScrollRestoration scrolls to the hash target once Home has rendered. */}
                <NavLink
                  to={{ pathname: paths.home, hash: CATEGORIES_SECTION_ID }}
                  className={navLinkClass}
                  end
                  onClick={closeMenu}
                >
                  Browse
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.about} className={navLinkClass} onClick={closeMenu}>
                  About
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="site-header__auth">
            <Link to={paths.login} className="btn btn--ghost" onClick={closeMenu}>
              Log in
            </Link>
            <Link to={paths.register} className="btn btn--primary" onClick={closeMenu}>
              Sign up
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
