import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/organisation.schema.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import type { RemovalChoice } from './team.api.ts';

/**
 * The offboarding's question: remove `member`, and where their organisation cards and the leads
 * of their company profile go (another member, or unassigned / left on the profile).
 */
export function RemoveMemberDialog({
  member,
  others,
  onCancel,
  onConfirm,
}: {
  member: Member | null;
  others: readonly Member[];
  onCancel: () => void;
  onConfirm: (choice: RemovalChoice) => void;
}) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const [cardsTo, setCardsTo] = useState('');
  const [leadsTo, setLeadsTo] = useState('');
  const options = others.map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.email}
    </option>
  ));
  const close = () => {
    setCardsTo('');
    setLeadsTo('');
    onCancel();
  };
  const confirm = () => {
    onConfirm({ ...(cardsTo ? { cardsTo } : {}), ...(leadsTo ? { leadsTo } : {}) });
    setCardsTo('');
    setLeadsTo('');
  };
  return (
    <ModalDialog
      open={member !== null}
      title={member ? t('remove_member', { email: member.email }) : ''}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={close}>
            {tm('cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={confirm}>
            {t('remove')}
          </button>
        </>
      }
    >
      <p>{member && t('remove_confirm', { email: member.email })}</p>
      <div className="team-remove-choices">
        <label htmlFor="team-remove-cards">{t('remove_cards_to')}</label>
        <select id="team-remove-cards" value={cardsTo} onChange={(e) => setCardsTo(e.target.value)}>
          <option value="">{t('remove_cards_unassign')}</option>
          {options}
        </select>
        <label htmlFor="team-remove-leads">{t('remove_leads_to')}</label>
        <select id="team-remove-leads" value={leadsTo} onChange={(e) => setLeadsTo(e.target.value)}>
          <option value="">{t('remove_leads_stay')}</option>
          {options}
        </select>
        <p className="muted">{t('remove_company_page')}</p>
      </div>
    </ModalDialog>
  );
}
