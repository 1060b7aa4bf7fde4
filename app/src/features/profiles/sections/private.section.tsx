import { useTranslation } from 'react-i18next';
import type { ProfileTextField } from '../../../../../shared/schemas/profile.schema.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { ProfileFieldGrid } from './profile-field-input.tsx';
import { SectionGroup } from './section-group.tsx';

const PRIVATE_FIELDS: ProfileTextField[] = ['mobileNumber', 'phoneNumber', 'emailAddress'];

/** SPEC 2, private info: closed by default. */
export function PrivateSection({ draft }: { draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  return (
    <SectionGroup title={t('groups.private')}>
      <ProfileFieldGrid fields={PRIVATE_FIELDS} draft={draft} />
    </SectionGroup>
  );
}
