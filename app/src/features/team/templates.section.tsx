import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_FIELDS, type Template } from '../../../../shared/schemas/organisation-template.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { profileKeys } from '../profiles/index.ts';
import { teamApi, teamKeys } from './team.api.ts';
import { TemplateEditor } from './template-editor.section.tsx';

/**
 * The organisation's templates: what each sets and which fields and links it locks (members see
 * this too and make their company profile from one); admins create and edit them.
 */
export function TemplatesSection({ organisationId, admin }: { organisationId: string; admin: boolean }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The template being edited: its id, 'new', or none.
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const templates = useQuery({ queryKey: teamKeys.templates(organisationId), queryFn: () => teamApi.templates(organisationId) });

  const done = async (saved: boolean) => {
    setEditing(null);
    if (saved) await queryClient.invalidateQueries({ queryKey: teamKeys.templates(organisationId) });
  };
  const createProfile = async (template: Template) => {
    setCreating(template.templateId);
    try {
      const profile = await teamApi.createCompanyProfile(template.templateId, template.name);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(t('template_profile_created'));
      await navigate(`/profile/${profile.id}`);
    } catch (err) {
      toast.error(errorMessage(err, tm));
    } finally {
      setCreating(null);
    }
  };

  return (
    <section className="content-card security-section" aria-labelledby="templates-title">
      <h2 id="templates-title" className="card-title">
        {t('templates_title')}
      </h2>
      <p className="lead">{admin ? t('template_intro_admin') : t('templates_intro_member')}</p>
      {templates.isPending ? (
        <LoadingBlock />
      ) : templates.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(templates.error, tm) })}
        </p>
      ) : (
        <>
          {templates.data.templates.length === 0 && editing !== 'new' && <p className="muted">{t('templates_none')}</p>}
          {templates.data.templates.map((template) =>
            editing === template.templateId ? (
              <TemplateEditor key={template.templateId} organisationId={organisationId} template={template} onDone={(saved) => void done(saved)} />
            ) : (
              <TemplateView
                key={template.templateId}
                template={template}
                admin={admin}
                busy={creating === template.templateId}
                onEdit={() => setEditing(template.templateId)}
                onCreateProfile={() => void createProfile(template)}
              />
            ),
          )}
          {admin &&
            (editing === 'new' ? (
              <TemplateEditor organisationId={organisationId} onDone={(saved) => void done(saved)} />
            ) : (
              <div>
                <button type="button" className="btn btn-secondary" onClick={() => setEditing('new')}>
                  {t('template_new')}
                </button>
              </div>
            ))}
        </>
      )}
    </section>
  );
}

/** One template read-only: its values and links, what it locks; the admin's edit and everyone's "make my company profile". */
function TemplateView(props: { template: Template; admin: boolean; busy: boolean; onEdit: () => void; onCreateProfile: () => void }) {
  const { template, admin } = props;
  const { t } = useTranslation('team');
  const { t: tp } = useTranslation('edit_profile');
  const linksLocked = template.locked.includes('links');
  return (
    <div className="team-template">
      <h3 className="team-subtitle">
        {template.name}
        {admin && <span className="meta-text"> · {t('template_profiles', { count: template.profileCount })}</span>}
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
        {(template.links.length > 0 || linksLocked) && (
          <div className="team-field team-field-wide">
            <dt>
              {t('template_links')}
              {linksLocked && <span className="badge">{t('locked')}</span>}
            </dt>
            <dd>
              {template.links.length === 0 ? (
                '—'
              ) : (
                <ul className="team-link-list">
                  {template.links.map((l, i) => (
                    <li key={i}>
                      <span className="muted">{tp(`link_types.${l.type}`)}:</span> {l.name ? `${l.name} · ` : ''}
                      {l.link}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="team-actions">
        {admin && (
          <button type="button" className="btn btn-secondary btn-small" onClick={props.onEdit} aria-label={t('template_edit', { name: template.name })}>
            {t('template_edit_short')}
          </button>
        )}
        <button type="button" className="btn btn-primary btn-small" disabled={props.busy} onClick={props.onCreateProfile}>
          {t('template_create_profile')}
        </button>
      </div>
    </div>
  );
}
