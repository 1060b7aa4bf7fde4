import { useTranslation } from 'react-i18next';
import type { Lead } from '../../../../shared/schemas/lead.schema.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { leadTitle } from './lead-format.ts';
import { FollowUpSection } from './follow-up.section.tsx';
import { LeadCrmState } from '../integrations/index.ts';

/** Everything a lead holds, the consent it was given under included (issue 12). */
export function LeadDetailsDialog({
  lead,
  onClose,
  onToggleStatus,
  formatDate,
}: {
  lead: Lead | null;
  onClose: () => void;
  onToggleStatus: (lead: Lead) => void;
  formatDate: (ms: number) => string;
}) {
  const { t } = useTranslation('leads');
  const { t: tl } = useTranslation('languages');
  const rows: Array<[string, string]> = lead
    ? [
        [t('field.email'), lead.email],
        [t('field.name'), lead.name],
        [t('field.phone'), lead.phone],
        [t('field.company'), lead.company],
        [t('field.message'), lead.message],
        [t('field.profile'), lead.profileName],
        [t('field.created'), formatDate(lead.created)],
        [t('field.status'), t(`status.${lead.status}`)],
        [t('field.source'), t(`source.${lead.source}`)],
        // Issue 38: only shown when it holds (an empty value hides the row).
        [t('field.met_in_person'), lead.metInPerson ? t('met_in_person_hint') : ''],
        [t('field.language'), tl(lead.language === 'de' ? 'de' : 'en')],
        // Issue 36: what the owner captured (empty for a visitor's lead, so those rows are not shown).
        [t('field.method'), t(`method.${lead.method}`)],
        [t('field.event'), lead.eventName],
        [t('field.captured_at'), lead.capturedAt ? formatDate(lead.capturedAt) : ''],
        [t('field.job_title'), lead.jobTitle],
        [t('field.mobile'), lead.mobile],
        [t('field.website'), lead.website],
        [t('field.address'), [lead.street, [lead.zip, lead.city].filter(Boolean).join(' '), lead.country].filter(Boolean).join(', ')],
        [t('field.note'), lead.note],
        [t('field.tags'), lead.tags.join(', ')],
      ]
    : [];
  return (
    <ModalDialog
      open={lead !== null}
      title={lead ? leadTitle(lead) : t('details_title')}
      onClose={onClose}
      footer={
        lead && (
          <>
            <a className="btn btn-secondary" href={`mailto:${lead.email}`}>
              {t('reply_by_mail')}
            </a>
            <button type="button" className="btn btn-secondary" onClick={() => onToggleStatus(lead)}>
              {lead.status === 'new' ? t('mark_followed_up') : t('mark_new')}
            </button>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('close')}
            </button>
          </>
        )
      }
    >
      {lead && (
        <>
          <dl className="lead-fields">
            {rows
              .filter(([, value]) => value.trim())
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <FollowUpSection key={lead.id} lead={lead} />
          <section className="lead-consent" aria-label={t('field.consent')}>
            <h3>{t('field.consent')}</h3>
            {lead.consentText ? (
              <>
                <blockquote lang={lead.language}>{lead.consentText}</blockquote>
                <p className="muted">
                  {t('field.consent_version')} {lead.consentVersion} · {t('field.consent_at')} {lead.consentAt ? formatDate(lead.consentAt) : '–'}
                </p>
              </>
            ) : (
              <p className="muted">{t('no_consent')}</p>
            )}
          </section>
          <LeadCrmState leadId={lead.id} />
        </>
      )}
    </ModalDialog>
  );
}
