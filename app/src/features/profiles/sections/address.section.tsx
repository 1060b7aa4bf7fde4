import { useTranslation } from 'react-i18next';
import type { ProfileTextField } from '../../../../../shared/schemas/profile.schema.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { ProfileFieldGrid } from './profile-field-input.tsx';
import { SectionGroup } from './section-group.tsx';

const ADDRESS_FIELDS: ProfileTextField[] = ['streetAndNumber', 'zip', 'city', 'country'];

/** SPEC 2, address: closed by default. */
export function AddressSection({ draft }: { draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  return (
    <SectionGroup title={t('groups.address')}>
      <ProfileFieldGrid fields={ADDRESS_FIELDS} draft={draft} />
    </SectionGroup>
  );
}
