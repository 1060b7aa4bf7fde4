import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/organisation.schema.ts';
import type { FormerMember } from '../../../../shared/schemas/organisation-leads.schema.ts';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { defaultLeadsReceiver } from './remove-member.dialog.tsx';
import { teamApi, teamKeys } from './team.api.ts';

/**
 * Issue 35: people who left the organisation, with the contacts their former company profiles
 * still hold, and the move of those contacts to a member at any time (back into the team's
 * contacts, CSV and statistics of leads). Shown under the member list once someone has left.
 */
export function FormerMembers({ organisationId, members, me }: { organisationId: string; members: readonly Member[]; me: string | undefined }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const former = useQuery({ queryKey: teamKeys.formerMembers(organisationId), queryFn: () => teamApi.formerMembers(organisationId), staleTime: 0 });
  if (former.isError)
    return (
      <p className="alert alert-error" role="alert">
        {t('load_failed', { message: errorMessage(former.error, tm) })}
      </p>
    );
  const list = former.data?.formerMembers ?? [];
  if (list.length === 0) return null;
  return (
    <div className="team-former">
      <h3 id="former-members-title" className="team-subtitle">
        {t('former_title')}
      </h3>
      <p className="muted">{t('former_intro')}</p>
      <ul className="session-list">
        {list.map((person) => (
          <FormerMemberRow key={person.userId} organisationId={organisationId} person={person} members={members} me={me} />
        ))}
      </ul>
    </div>
  );
}

function FormerMemberRow({
  organisationId,
  person,
  members,
  me,
}: {
  organisationId: string;
  person: FormerMember;
  members: readonly Member[];
  me: string | undefined;
}) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const receivers = members.filter((m) => m.hasCompanyProfile);
  const [to, setTo] = useState(() => defaultLeadsReceiver(members, me));
  const [busy, setBusy] = useState(false);
  const move = async () => {
    setBusy(true);
    try {
      const { moved } = await teamApi.transferLeads(organisationId, person.userId, to);
      const receiver = receivers.find((m) => m.userId === to);
      toast.success(t('former_moved', { count: moved, email: receiver?.email ?? '' }));
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    } catch (error) {
      toast.error(errorMessage(error, tm));
    } finally {
      setBusy(false);
    }
  };
  const selectId = `former-to-${person.userId}`;
  return (
    <li className="session-row team-row">
      <div className="session-body">
        <span className="session-device team-email">{person.email}</span>
        <span className="meta-text">{t('former_leads', { count: person.leads })}</span>
      </div>
      {person.leads > 0 &&
        (receivers.length ? (
          <div className="team-actions">
            <label className="visually-hidden" htmlFor={selectId}>
              {t('former_move_to', { email: person.email })}
            </label>
            <select id={selectId} value={to} onChange={(e) => setTo(e.target.value)}>
              {receivers.map((m) => (
                <option key={m.userId} value={m.userId}>
                  {m.userId === me ? t('remove_to_you', { email: m.email }) : m.email}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-secondary btn-small" disabled={busy || !to} onClick={() => void move()}>
              {t('former_move')}
            </button>
          </div>
        ) : (
          <span className="meta-text">{t('former_nobody')}</span>
        ))}
    </li>
  );
}
