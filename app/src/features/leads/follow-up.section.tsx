import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { followUpAnswerSchema } from '../../../../shared/schemas/capture-follow-up.schema.ts';
import type { Lead } from '../../../../shared/schemas/lead.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { toast } from '../../components/toast.ts';

/**
 * Issue 36: "Send follow-up" on a captured contact: a mail in the person's language (the one
 * guessed from the card, or the other) with the owner's text, meeting link, vCard and the
 * privacy notice; the text is the owner's, edited at /capture/settings.
 */
export function FollowUpSection({ lead }: { lead: Lead }) {
  const { t } = useTranslation('leads');
  const { t: tl } = useTranslation('languages');
  const { t: tm } = useTranslation('molecules');
  const [language, setLanguage] = useState<'de' | 'en'>(lead.language === 'de' ? 'de' : 'en');
  const send = useMutation({
    mutationFn: () => apiRequest('/capture/follow-up', { body: { leadId: lead.id, language }, schema: followUpAnswerSchema }),
    onSuccess: (answer) => toast.success(t('follow_up_sent', { email: answer.to })),
    onError: (error) => toast.error(`${t('follow_up_failed')} ${errorMessage(error, tm)}`),
  });
  if (lead.method === 'form') return null;
  return (
    <section className="lead-follow-up" aria-labelledby={`follow-up-${lead.id}`}>
      <h3 id={`follow-up-${lead.id}`}>{t('follow_up_heading')}</h3>
      {lead.email ? (
        <>
          <p className="muted">{t('follow_up_intro')}</p>
          <div className="lead-follow-up-row">
            <label htmlFor={`follow-up-language-${lead.id}`}>{t('follow_up_language')}</label>
            <select id={`follow-up-language-${lead.id}`} value={language} onChange={(e) => setLanguage(e.target.value === 'de' ? 'de' : 'en')}>
              <option value="de">{tl('de')}</option>
              <option value="en">{tl('en')}</option>
            </select>
            <button type="button" className="btn btn-primary btn-small" disabled={send.isPending || send.isSuccess} onClick={() => send.mutate()}>
              {send.isSuccess ? t('follow_up_done') : send.isPending ? t('follow_up_sending') : t('follow_up_send')}
            </button>
          </div>
        </>
      ) : (
        <p className="muted">{t('follow_up_no_email')}</p>
      )}
      <p>
        <Link to="/capture/settings">{t('follow_up_settings')}</Link>
      </p>
    </section>
  );
}
