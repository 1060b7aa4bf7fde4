import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_FIELDS } from '../../../../shared/schemas/organisation-template.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';

/** The organisation's templates: what each sets and which fields it locks (members see this too). */
export function TemplatesSection({ organisationId, admin }: { organisationId: string; admin: boolean }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const templates = useQuery({ queryKey: teamKeys.templates(organisationId), queryFn: () => teamApi.templates(organisationId) });
  return (
    <section className="content-card security-section" aria-labelledby="templates-title">
      <h2 id="templates-title" className="card-title">
        {t('templates_title')}
      </h2>
      {!admin && <p className="lead">{t('templates_intro_member')}</p>}
      {templates.isPending ? (
        <LoadingBlock />
      ) : templates.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(templates.error, tm) })}
        </p>
      ) : templates.data.templates.length === 0 ? (
        <p className="muted">{t('templates_none')}</p>
      ) : (
        templates.data.templates.map((template) => (
          <div key={template.templateId} className="team-template">
            <h3 className="team-subtitle">
              {template.name}
              {admin && <span className="session-meta"> · {t('template_profiles', { count: template.profileCount })}</span>}
            </h3>
            <dl className="team-fields">
              {TEMPLATE_FIELDS.filter((f) => template.values[f] || template.locked.includes(f)).map((f) => (
                <div key={f} className="team-field">
                  <dt>
                    {t(`field.${f}`)}
                    {template.locked.includes(f) && <span className="badge">{t('locked')}</span>}
                  </dt>
                  <dd>{template.values[f] || '—'}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}
