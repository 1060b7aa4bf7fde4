import { Link, NavLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../api/app-config.query.ts';
import { useNewLeadCount } from '../api/lead-count.query.ts';
import { useLoginImage } from '../api/login-image.query.ts';
import { useAuth } from '../auth/auth.context.tsx';
import { Dropdown } from './dropdown.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LogoMark } from './logo.tsx';
import '../styles/leads.css';
import { MenuIcon, PeopleIcon } from './icons.tsx';

/** Two letters for the avatar when the owner has no profile image yet (D15). */
function initials(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s._@-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

/** SPEC 2's navigation bar: LOGGED_IN with the avatar menu, LOGGED_OUT with login and the shop. */
export function NavBar() {
  const { t } = useTranslation('molecules');
  const { user, signOut } = useAuth();
  const config = useAppConfig().data;
  const loginImage = useLoginImage(Boolean(user)).data;
  const navigate = useNavigate();

  return (
    <header className="nav-bar">
      <nav className="nav-inner" aria-label={t('nav.label')}>
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{t('app_name')}</span>
        </Link>
        <div className="nav-actions">
          {user && <LeadsLink />}
          <LanguageSwitch />
          {user ? (
            <Dropdown
              className="avatar-menu"
              label={t('nav.account_menu')}
              trigger={
                loginImage ? (
                  <img className="avatar" src={loginImage} alt="" width={36} height={36} />
                ) : (
                  <span className="avatar avatar-initials" aria-hidden="true">
                    {initials(user.name, user.email)}
                  </span>
                )
              }
            >
              {(close) => (
                <ul className="dropdown-list">
                  <li className="dropdown-heading" title={user.email}>
                    {user.email}
                  </li>
                  <li>
                    <Link className="dropdown-item" to="/" onClick={close}>
                      {t('nav.edit_profiles')}
                    </Link>
                  </li>
                  <li>
                    <Link className="dropdown-item" to="/leads" onClick={close}>
                      {t('nav.leads')}
                    </Link>
                  </li>
                  <li>
                    <Link className="dropdown-item" to="/change-password" onClick={close}>
                      {t('nav.change_password')}
                    </Link>
                  </li>
                  <li>
                    <Link className="dropdown-item" to="/security" onClick={close}>
                      {t('nav.security')}
                    </Link>
                  </li>
                  {config?.supportEmail && (
                    <li>
                      <a className="dropdown-item" href={`mailto:${config.supportEmail}`} onClick={close}>
                        {t('nav.support')}
                      </a>
                    </li>
                  )}
                  {config?.shopUrl && (
                    <li>
                      <a className="dropdown-item" href={config.shopUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
                        {t('nav.shop')}
                      </a>
                    </li>
                  )}
                  <li>
                    <button
                      type="button"
                      className="dropdown-item"
                      onClick={() => {
                        close();
                        void signOut().then(() => navigate('/login', { replace: true }));
                      }}
                    >
                      {t('nav.logout')}
                    </button>
                  </li>
                </ul>
              )}
            </Dropdown>
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

/** Issue 12: the contacts screen, with a badge counting the leads not yet followed up. */
function LeadsLink() {
  const { t } = useTranslation('molecules');
  const count = useNewLeadCount(true).data ?? 0;
  return (
    <NavLink to="/leads" className="nav-leads" aria-label={count > 0 ? `${t('nav.leads')}, ${t('nav.leads_new', { count })}` : undefined}>
      <PeopleIcon />
      <span className="nav-leads-label">{t('nav.leads')}</span>
      {count > 0 && (
        <span className="nav-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
