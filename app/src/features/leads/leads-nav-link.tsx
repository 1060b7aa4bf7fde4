import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PeopleIcon } from '../../components/icons.tsx';
import { useNewLeadCount } from './lead-count.query.ts';
import './leads.css';

/** Issue 12: the navigation bar's link to the contacts screen, with a badge counting the leads not yet followed up. */
export function LeadsNavLink() {
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
