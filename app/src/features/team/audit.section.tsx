import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { toast } from '../../components/toast.ts';
import { teamApi, teamKeys } from './team.api.ts';

/** The audit log: who did what to whom, and when, newest first. */
export function AuditSection({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const audit = useQuery({ queryKey: teamKeys.audit(organisationId), queryFn: () => teamApi.audit(organisationId), staleTime: 0 });
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const actionText = (action: string) => {
    const key = `audit_action.${action.replace('.', '_')}`;
    return i18n.exists(key, { ns: 'team' }) ? t(key as 'audit_action.member_remove') : action;
  };
  return (
    <section className="content-card security-section" aria-labelledby="audit-title">
      <div className="section-head">
        <h2 id="audit-title" className="card-title">
          {t('audit_title')}
        </h2>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => teamApi.auditCsv(organisationId, i18n.language).catch((error: unknown) => toast.error(errorMessage(error, tm)))}
        >
          {t('audit_export')}
        </button>
      </div>
      {audit.isPending ? (
        <LoadingBlock />
      ) : audit.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(audit.error, tm) })}
        </p>
      ) : audit.data.entries.length === 0 ? (
        <p className="muted">{t('audit_none')}</p>
      ) : (
        <ul className="session-list">
          {audit.data.entries.slice(0, 50).map((entry) => (
            <li key={entry.id} className="session-row">
              <div className="session-body">
                <span className="team-audit-line">
                  <b>{entry.actorEmail}</b> {actionText(entry.action)} <b>{entry.target}</b>
                </span>
                <span className="meta-text">{when(entry.created)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
