import { useTranslation } from 'react-i18next';
import { PROFILE_FIELD_MAX, type ProfileTextField } from '../../../../../shared/schemas/profile.schema.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { ProfileFieldGrid } from './profile-field-input.tsx';
import { SectionGroup } from './section-group.tsx';

const BUSINESS_FIELDS: ProfileTextField[] = [
  'companyName',
  'jobTitle',
  'businessUnit',
  'businessEmailAddress',
  'businessPhoneNumber',
  'businessMobileNumber',
  'businessFax',
  'companyWebsiteUrl',
];

/** SPEC 2, business info: open by default, with the business note as a paragraph. */
export function BusinessSection({ draft }: { draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  return (
    <SectionGroup title={t('groups.business')} defaultOpen>
      <ProfileFieldGrid fields={BUSINESS_FIELDS} draft={draft} />
      <div className="field">
        <label htmlFor="businessNote">{t('fields.businessNote')}</label>
        <textarea
          id="businessNote"
          rows={4}
          maxLength={PROFILE_FIELD_MAX.businessNote}
          value={draft.fields.businessNote}
          onChange={(e) => draft.setField('businessNote', e.target.value)}
        />
      </div>
    </SectionGroup>
  );
}
