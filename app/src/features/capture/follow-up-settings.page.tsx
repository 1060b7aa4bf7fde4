import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FOLLOW_UP_BODY_MAX,
  FOLLOW_UP_SUBJECT_MAX,
  followUpSettingsSchema,
  type FollowUpSettings,
  type FollowUpSettingsBody,
} from '../../../../shared/schemas/capture-follow-up.schema.ts';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import './capture.css';

const settingsKey = ['capture', 'follow-up-settings'] as const;
const LANGUAGES = ['de', 'en'] as const;

/**
 * Issue 36: the follow-up mail's settings (`/capture/settings`): the owner's subject and text per
 * language (empty: the default shown as the placeholder), the meeting link, and the privacy
 * notice every follow-up ends with, shown as the person will read it.
 */
export default function FollowUpSettingsPage() {
  const { t } = useTranslation(['capture', 'languages']);
  const { t: tm } = useTranslation('molecules');
  useDocumentTitle(t('follow_up.title'));
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => apiRequest('/find/own/capture/follow-up-settings', { schema: followUpSettingsSchema }) });
  return (
    <section className="section capture" aria-labelledby="follow-up-title">
      <div className="section-head">
        <h1 id="follow-up-title">{t('follow_up.title')}</h1>
        <Link className="btn btn-ghost btn-small" to="/capture">
          {t('follow_up.to_capture')}
        </Link>
      </div>
      <p className="muted">{t('follow_up.intro')}</p>
      {settings.isPending && <Spinner label={tm('loading')} />}
      {settings.isError && (
        <p className="alert alert-error" role="alert">
          {errorMessage(settings.error, tm)}
        </p>
      )}
      {settings.data && <FollowUpForm settings={settings.data} />}
    </section>
  );
}

function FollowUpForm({ settings }: { settings: FollowUpSettings }) {
  const { t } = useTranslation(['capture', 'languages']);
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FollowUpSettingsBody>({ meetingLink: settings.meetingLink, texts: settings.texts });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const save = useMutation({
    mutationFn: () => apiRequest('/capture/follow-up/settings', { body: draft, schema: followUpSettingsSchema }),
    onSuccess: (saved) => {
      setFieldError(null);
      queryClient.setQueryData(settingsKey, saved);
      toast.success(t('follow_up.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.field) setFieldError({ field: error.field, message: error.message });
      toast.error(`${t('follow_up.save_failed')} ${errorMessage(error, tm)}`);
    },
  });
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const setText = (lng: 'de' | 'en', part: 'subject' | 'body', value: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [lng]: { ...d.texts[lng], [part]: value } } }));

  return (
    <form
      className="capture-form follow-up-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="field">
        <label htmlFor="follow-up-meeting">{t('follow_up.meeting_link')}</label>
        <input
          id="follow-up-meeting"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.meetingLink}
          maxLength={500}
          aria-invalid={errorOf('meetingLink') ? true : undefined}
          aria-describedby="follow-up-meeting-hint"
          onChange={(e) => setDraft((d) => ({ ...d, meetingLink: e.target.value }))}
        />
        <p id="follow-up-meeting-hint" className={errorOf('meetingLink') ? 'field-error' : 'field-hint'}>
          {errorOf('meetingLink') ?? t('follow_up.meeting_hint')}
        </p>
      </div>
      {LANGUAGES.map((lng) => (
        <fieldset key={lng} className="follow-up-language" lang={lng}>
          <legend>{t('follow_up.text_in', { language: t(`languages:${lng}`) })}</legend>
          <div className="field">
            <label htmlFor={`follow-up-subject-${lng}`}>{t('follow_up.subject')}</label>
            <input
              id={`follow-up-subject-${lng}`}
              value={draft.texts[lng].subject}
              placeholder={settings.defaults[lng].subject}
              maxLength={FOLLOW_UP_SUBJECT_MAX}
              aria-invalid={errorOf(`texts.${lng}.subject`) ? true : undefined}
              onChange={(e) => setText(lng, 'subject', e.target.value)}
            />
            {errorOf(`texts.${lng}.subject`) && <p className="field-error">{errorOf(`texts.${lng}.subject`)}</p>}
          </div>
          <div className="field">
            <label htmlFor={`follow-up-body-${lng}`}>{t('follow_up.body')}</label>
            <textarea
              id={`follow-up-body-${lng}`}
              rows={7}
              value={draft.texts[lng].body}
              placeholder={settings.defaults[lng].body}
              maxLength={FOLLOW_UP_BODY_MAX}
              aria-invalid={errorOf(`texts.${lng}.body`) ? true : undefined}
              onChange={(e) => setText(lng, 'body', e.target.value)}
            />
            {errorOf(`texts.${lng}.body`) && <p className="field-error">{errorOf(`texts.${lng}.body`)}</p>}
          </div>
          <details className="follow-up-notice">
            <summary>{t('follow_up.notice')}</summary>
            <p>{settings.notice[lng]}</p>
          </details>
        </fieldset>
      ))}
      <p className="field-hint">{t('follow_up.placeholders', { list: settings.placeholders.map((p) => `{${p}}`).join(', ') })}</p>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('follow_up.save')}
        </button>
      </div>
    </form>
  );
}
