import { useTranslation } from 'react-i18next';
import { PROFILE_FIELD_MAX, type ProfileTextField } from '../../../../../shared/schemas/profile.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import type { ProfileDraft } from '../use-profile-draft.ts';

/** Input type and autofill hint per field, so phones show the right keyboard. */
const FIELD_INPUT: Partial<Record<ProfileTextField, { type: string; autoComplete?: string; inputMode?: 'url' }>> = {
  emailAddress: { type: 'email', autoComplete: 'email' },
  businessEmailAddress: { type: 'email', autoComplete: 'work email' },
  mobileNumber: { type: 'tel', autoComplete: 'tel' },
  phoneNumber: { type: 'tel', autoComplete: 'tel' },
  businessMobileNumber: { type: 'tel', autoComplete: 'work tel' },
  businessPhoneNumber: { type: 'tel', autoComplete: 'work tel' },
  businessFax: { type: 'tel', autoComplete: 'off' },
  companyWebsiteUrl: { type: 'text', autoComplete: 'url', inputMode: 'url' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  personalTitle: { type: 'text', autoComplete: 'honorific-prefix' },
  companyName: { type: 'text', autoComplete: 'organization' },
  jobTitle: { type: 'text', autoComplete: 'organization-title' },
  streetAndNumber: { type: 'text', autoComplete: 'street-address' },
  zip: { type: 'text', autoComplete: 'postal-code' },
  city: { type: 'text', autoComplete: 'address-level2' },
  country: { type: 'text', autoComplete: 'country-name' },
};

type FieldDraft = Pick<ProfileDraft, 'fields' | 'setField' | 'locked'>;

/**
 * One text field of the profile, labelled in the editor's language, bound to the draft. A field
 * the organisation's template locks (issue 24) is read-only and says why.
 */
export function ProfileFieldInput({ field, draft }: { field: ProfileTextField; draft: FieldDraft }) {
  const { t } = useTranslation('edit_profile');
  const locked = draft.locked.has(field);
  return (
    <FormField
      label={t(`fields.${field}`)}
      name={field}
      maxLength={PROFILE_FIELD_MAX[field]}
      type={FIELD_INPUT[field]?.type ?? 'text'}
      autoComplete={FIELD_INPUT[field]?.autoComplete ?? 'off'}
      inputMode={FIELD_INPUT[field]?.inputMode}
      value={draft.fields[field]}
      readOnly={locked}
      className={locked ? 'is-locked' : undefined}
      hint={locked ? t('locked_by_organisation') : undefined}
      onChange={(e) => draft.setField(field, e.target.value)}
    />
  );
}

/** A grid of profile fields (the business, private and address groups). */
export function ProfileFieldGrid({ fields, draft }: { fields: readonly ProfileTextField[]; draft: FieldDraft }) {
  return (
    <div className="field-grid">
      {fields.map((field) => (
        <ProfileFieldInput key={field} field={field} draft={draft} />
      ))}
    </div>
  );
}
