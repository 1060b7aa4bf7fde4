import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/organisation.schema.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import type { RemovalChoice } from './team.api.ts';

/**
 * Who takes a leaving member's company leads when nobody chooses (issue 35: the company's leads
 * stay the company's): the admin removing them, else another owner or admin, else any member,
 * each only with a company profile to hold them; '' when nobody has one.
 */
export function defaultLeadsReceiver(others: readonly Member[], me: string | undefined): string {
  const able = others.filter((m) => m.hasCompanyProfile);
  return (able.find((m) => m.userId === me) ?? able.find((m) => m.role !== 'member') ?? able[0])?.userId ?? '';
}

/**
 * The offboarding's question: remove `member`, and where their organisation cards and the leads
 * of their company profile go. Only members with a company profile can take either. The leads go
 * to {@link defaultLeadsReceiver} unless the admin picks another; only when nobody can take them
 * do they stay on the former profile (the Team area's former members move them later). Mount it
 * with a `key` per member: the choices start afresh for each.
 */
export function RemoveMemberDialog({
  member,
  others,
  me,
  onCancel,
  onConfirm,
}: {
  member: Member | null;
  others: readonly Member[];
  /** The signed-in admin's user id. */
  me: string | undefined;
  onCancel: () => void;
  onConfirm: (choice: RemovalChoice) => void;
}) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const receivers = others.filter((m) => m.hasCompanyProfile);
  const [cardsTo, setCardsTo] = useState('');
  const [leadsTo, setLeadsTo] = useState(() => defaultLeadsReceiver(others, me));
  const options = receivers.map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.userId === me ? t('remove_to_you', { email: m.email }) : m.email}
    </option>
  ));
  const confirm = () => onConfirm({ ...(cardsTo ? { cardsTo } : {}), ...(leadsTo ? { leadsTo } : {}) });
  return (
    <ModalDialog
      open={member !== null}
      title={member ? t('remove_member', { email: member.email }) : ''}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
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
        {receivers.length ? (
          <>
            <label htmlFor="team-remove-leads">{t('remove_leads_to')}</label>
            <select id="team-remove-leads" value={leadsTo} onChange={(e) => setLeadsTo(e.target.value)}>
              {options}
            </select>
          </>
        ) : (
          <p className="muted">{t('remove_leads_nobody')}</p>
        )}
        <p className="muted">{t('remove_company_page')}</p>
      </div>
    </ModalDialog>
  );
}
