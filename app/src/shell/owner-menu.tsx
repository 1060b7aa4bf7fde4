import { QueryClientProvider } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../components/dropdown.tsx';
import { initials } from './initials.ts';
import type { AppConfig } from '../lib/app-config.query.ts';
import { queryClient } from '../lib/query-client.ts';
import { useAuth, type FromState, type SessionUser } from '../features/auth/index.ts';
import { LeadsNavLink } from '../features/leads/index.ts';
import { OperatorNavItem } from '../features/operator/index.ts';
import { useLoginImage } from '../features/profiles/index.ts';

/**
 * The navigation bar's signed-in parts, their own chunk with the owner data cache (issue 22:
 * the sign-in path loads neither): the contacts link with its count, and the avatar menu.
 */

/** Issue 12: the contacts link with the count of new leads. */
export function OwnerLeads() {
  return (
    <QueryClientProvider client={queryClient}>
      <LeadsNavLink />
    </QueryClientProvider>
  );
}

/** SPEC 2's LOGGED_IN menu behind the avatar (D15: the profile image, else the initials). */
export function OwnerMenu({ user, config }: { user: SessionUser; config: AppConfig | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AvatarMenu user={user} config={config} />
    </QueryClientProvider>
  );
}

function AvatarMenu({ user, config }: { user: SessionUser; config: AppConfig | undefined }) {
  const { t } = useTranslation('molecules');
  const { signOut } = useAuth();
  const loginImage = useLoginImage(true).data;
  const navigate = useNavigate();
  const location = useLocation();
  return (
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
            <Link className="dropdown-item" to="/team" onClick={close}>
              {t('nav.team')}
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/integrations" onClick={close}>
              {t('nav.integrations')}
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/security" onClick={close}>
              {t('nav.security')}
            </Link>
          </li>
          <OperatorNavItem onClick={close} />
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
                // The next sign-in comes back to this screen (as the guard's redirect would).
                const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
                void signOut().then(() => navigate('/login', { replace: true, state }));
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      )}
    </Dropdown>
  );
}
