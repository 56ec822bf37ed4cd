import { Link } from 'react-router';
import { MailIcon } from '@/components/ui/icons';
import { APP_NAME, CATEGORY_REQUEST_MAILTO, CONTACT_MAILTO } from '@/config/constants';
import { paths } from '@/config/paths';
import './layout.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">{APP_NAME}</p>
          <p className="site-footer__tagline">Honest feedback on your skills from people who practise them too.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <a href={CONTACT_MAILTO} className="site-footer__link">
                <MailIcon size={16} />
                Contact Us
              </a>
            </li>
            <li>
              <a href={CATEGORY_REQUEST_MAILTO} className="site-footer__link">
                Request a new category
              </a>
            </li>
            <li>
              <Link to={paths.about} className="site-footer__link">
                About
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </div>
    </footer>
  );
}
