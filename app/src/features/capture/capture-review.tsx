import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CAPTURE_FIELD_NAMES, type CaptureFieldName } from '../../../../shared/schemas/capture.schema.ts';
import type { CaptureDraft } from './capture-form.ts';
import { ProfileSelect } from '../profiles/index.ts';
import { EventPicker } from './event-picker.tsx';

const INPUT_TYPES: Partial<Record<CaptureFieldName, string>> = { email: 'email', phone: 'tel', mobile: 'tel', website: 'url' };
const AUTOCOMPLETE: Partial<Record<CaptureFieldName, string>> = { email: 'off', phone: 'off', mobile: 'off' };

/** The review form: every field the reader found, for the owner to correct, and the note, tags and event. */
export function CaptureReview({
  draft,
  onChange,
  fieldErrors,
  profiles,
}: {
  draft: CaptureDraft;
  onChange: (draft: CaptureDraft) => void;
  fieldErrors: Partial<Record<string, string>>;
  profiles: ComponentProps<typeof ProfileSelect>['profiles'];
}) {
  const { t } = useTranslation('capture');
  const setField = (name: CaptureFieldName, value: string) => onChange({ ...draft, fields: { ...draft.fields, [name]: value } });
  return (
    <div className="capture-review">
      <div className="capture-fields">
        {CAPTURE_FIELD_NAMES.map((name) => (
          <div key={name} className={`field capture-field-${name}`}>
            <label htmlFor={`capture-${name}`}>{t(`field.${name}`)}</label>
            <input
              id={`capture-${name}`}
              type={INPUT_TYPES[name] ?? 'text'}
              autoComplete={AUTOCOMPLETE[name] ?? 'off'}
              value={draft.fields[name]}
              maxLength={name === 'website' || name === 'street' ? 200 : 100}
              aria-invalid={fieldErrors[name] ? true : undefined}
              aria-describedby={fieldErrors[name] ? `capture-${name}-error` : undefined}
              onChange={(e) => setField(name, e.target.value)}
            />
            {fieldErrors[name] && (
              <p id={`capture-${name}-error`} className="field-error">
                {fieldErrors[name]}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className="field">
        <label htmlFor="capture-note">{t('note')}</label>
        <textarea
          id="capture-note"
          rows={3}
          maxLength={2000}
          placeholder={t('note_placeholder')}
          value={draft.note}
          onChange={(e) => onChange({ ...draft, note: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="capture-tags">{t('tags')}</label>
        <input id="capture-tags" value={draft.tags} aria-describedby="capture-tags-hint" onChange={(e) => onChange({ ...draft, tags: e.target.value })} />
        <p id="capture-tags-hint" className="field-hint">
          {t('tags_hint')}
        </p>
      </div>
      <EventPicker value={draft.eventId} onChange={(eventId) => onChange({ ...draft, eventId })} />
      {/* Issue 36: an owner with several profiles chooses which one keeps the contact. */}
      {(profiles?.length ?? 0) > 1 && (
        <ProfileSelect
          id="capture-profile"
          label={t('profile')}
          emptyLabel={t('profile_auto')}
          value={draft.profileId}
          onChange={(profileId) => onChange({ ...draft, profileId })}
          profiles={profiles}
        />
      )}
    </div>
  );
}
