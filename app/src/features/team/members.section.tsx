import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_ROLES, type Member, type Organisation, type OrganisationRole } from '../../../../shared/schemas/organisation.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { useAuth } from '../auth/index.ts';
import { FormerMembers } from './former-members.section.tsx';
import { RemoveMemberDialog } from './remove-member.dialog.tsx';
import { teamApi, teamKeys, type RemovalChoice } from './team.api.ts';

/** The member list with each member's role and the removal (offboarding). */
export function MembersSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const me = useAuth().user?.id;
  const [removing, setRemoving] = useState<Member | null>(null);
  const id = organisation.organisationId;
  const members = useQuery({ queryKey: teamKeys.members(id), queryFn: () => teamApi.members(id), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
  // Admins choose between admin and member; owners also hand over ownership.
  const choices = (m: Member): readonly OrganisationRole[] =>
    organisation.role === 'owner' ? ORGANISATION_ROLES : m.role === 'owner' ? ['owner'] : ORGANISATION_ROLES.filter((r) => r !== 'owner');

  const setRole = async (m: Member, role: OrganisationRole) => {
    try {
      await teamApi.setRole(id, m.userId, role);
      toast.success(t('role_changed'));
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
    await reload();
  };
  const remove = async (m: Member, choice: RemovalChoice) => {
    setRemoving(null);
    try {
      const { leadsTo } = await teamApi.remove(id, m.userId, choice);
      const receiver = members.data?.members.find((r) => r.userId === leadsTo);
      toast.success(receiver ? t('removed_leads_to', { email: receiver.email }) : t('removed'));
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
    await reload();
  };

  return (
    <section className="content-card security-section" aria-labelledby="members-title">
      <h2 id="members-title" className="card-title">
        {t('members_title')}
      </h2>
      <p className="lead">{t('members_intro')}</p>
      {members.isPending ? (
        <LoadingBlock />
      ) : members.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(members.error, tm) })}
        </p>
      ) : (
        <ul className="session-list">
          {members.data.members.map((m) => (
            <li key={m.userId} className="session-row team-row">
              <div className="session-body">
                <span className="session-device team-email">{m.email}</span>
                <span className="meta-text">{m.name}</span>
              </div>
              <div className="team-actions">
                <select aria-label={t('role_of', { email: m.email })} value={m.role} onChange={(e) => void setRole(m, e.target.value as OrganisationRole)}>
                  {choices(m).map((r) => (
                    <option key={r} value={r}>
                      {t(`role.${r}`)}
                    </option>
                  ))}
                </select>
                {(m.role !== 'owner' || organisation.role === 'owner') && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-label={t('remove_member', { email: m.email })}
                    onClick={() => setRemoving(m)}
                  >
                    {t('remove')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {members.data && <FormerMembers organisationId={id} members={members.data.members} me={me} />}
      <RemoveMemberDialog
        key={removing?.userId ?? ''}
        member={removing}
        others={(members.data?.members ?? []).filter((m) => m.userId !== removing?.userId)}
        me={me}
        onCancel={() => setRemoving(null)}
        onConfirm={(choice) => removing && void remove(removing, choice)}
      />
    </section>
  );
}
