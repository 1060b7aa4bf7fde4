import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../components/dropdown.tsx';
import { initials } from './initials.ts';
import { MenuIcon } from '../components/icons.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LogoMark } from '../components/logo.tsx';
import { useAuth } from '../features/auth/index.ts';
import { useAppConfig } from '../lib/app-config.query.ts';

// The signed-in parts with the owner data cache, loaded once signed in (issue 22).
const ownerMenu = () => import('./owner-menu.tsx');
const OwnerMenu = lazy(() => ownerMenu().then((m) => ({ default: m.OwnerMenu })));
const OwnerLeads = lazy(() => ownerMenu().then((m) => ({ default: m.OwnerLeads })));

/** SPEC 2's navigation bar: LOGGED_IN with the avatar menu, LOGGED_OUT with login and the shop. */
export function NavBar() {
  const { t } = useTranslation('molecules');
  const { user } = useAuth();
  const config = useAppConfig().data;

  return (
    <header className="nav-bar">
      <nav className="nav-inner" aria-label={t('nav.label')}>
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{t('app_name')}</span>
        </Link>
        <div className="nav-actions">
          {user && (
            <Suspense>
              <OwnerLeads />
            </Suspense>
          )}
          <LanguageSwitch />
          {user ? (
            <Suspense
              fallback={
                <span className="avatar avatar-initials" aria-hidden="true">
                  {initials(user.name, user.email)}
                </span>
              }
            >
              <OwnerMenu user={user} config={config} />
            </Suspense>
          ) : (
            <Dropdown className="guest-menu" label={t('nav.menu')} trigger={<MenuIcon />}>
              {(close) => (
                <ul className="dropdown-list">
                  <li>
                    <Link className="dropdown-item" to="/login" onClick={close}>
                      {t('nav.login')}
                    </Link>
                  </li>
                  {config?.shopUrl && (
                    <li>
                      <a className="dropdown-item" href={config.shopUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
                        {t('nav.get_yours')}
                      </a>
                    </li>
                  )}
                </ul>
              )}
            </Dropdown>
          )}
        </div>
      </nav>
    </header>
  );
}
