import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '../../../../shared/schemas/organisation.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';
import { InviteCsvSection } from './invite-csv.section.tsx';

/** Addresses typed or pasted (a spreadsheet column, a CSV line): split on commas, semicolons and white space. */
export const parseEmails = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter((e) => e.includes('@')),
  ),
];

/** The invitation form (one or many addresses) and the invitations with resend and revoke. */
export function InvitationsSection({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invitations = useQuery({ queryKey: teamKeys.invitations(organisationId), queryFn: () => teamApi.invitations(organisationId), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(ms));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const emails = parseEmails(text);
    if (emails.length === 0) return setError(t('invite_empty'));
    setBusy(true);
    setError(null);
    try {
      const sent = await teamApi.invite(organisationId, emails, role);
      toast.success(t('invited', { count: sent.invitations.length }));
      setText('');
    } catch (err) {
      setError(errorMessage(err, tm));
    } finally {
      setBusy(false);
    }
    await reload();
  };
  const act = async (inv: Invitation, action: 'resend' | 'revoke') => {
    try {
      await teamApi[action](organisationId, inv.invitationId);
      toast.success(t(action === 'resend' ? 'resent' : 'revoked'));
    } catch (err) {
      toast.error(errorMessage(err, tm));
    }
    await reload();
  };

  return (
    <section className="content-card security-section" aria-labelledby="invite-title">
      <h2 id="invite-title" className="card-title">
        {t('invite_title')}
      </h2>
      <form className="security-form team-invite" onSubmit={submit}>
        <div className="field">
          <label htmlFor="invite-emails">{t('invite_emails')}</label>
          <textarea id="invite-emails" rows={3} value={text} onChange={(e) => setText(e.target.value)} aria-describedby="invite-hint" />
          <p id="invite-hint" className="field-hint">
            {t('invite_hint')}
          </p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="invite-role">{t('invite_role')}</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'member')}>
            <option value="member">{t('role.member')}</option>
            <option value="admin">{t('role.admin')}</option>
          </select>
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('invite_submit')}
          </button>
        </div>
      </form>
      <InviteCsvSection organisationId={organisationId} onDone={reload} />
      <h3 className="team-subtitle">{t('invitations_title')}</h3>
      {invitations.isPending ? (
        <LoadingBlock />
      ) : invitations.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(invitations.error, tm) })}
        </p>
      ) : invitations.data.invitations.length === 0 ? (
        <p className="muted">{t('invitations_none')}</p>
      ) : (
        <ul className="session-list">
          {invitations.data.invitations.map((inv) => (
            <li key={inv.invitationId} className="session-row team-row">
              <div className="session-body">
                <span className="session-device team-email">
                  {inv.email}
                  <span className={`badge ${inv.status === 'accepted' ? 'badge-success' : ''}`}>{t(`invitation_status.${inv.status}`)}</span>
                </span>
                {(inv.firstName || inv.lastName || inv.jobTitle) && (
                  <span className="meta-text">{[`${inv.firstName} ${inv.lastName}`.trim(), inv.jobTitle].filter(Boolean).join(' · ')}</span>
                )}
                <span className="meta-text">{t('invitation_meta', { role: t(`role.${inv.role}`), date: when(inv.created) })}</span>
              </div>
              {(inv.status === 'pending' || inv.status === 'expired') && (
                <div className="team-actions">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void act(inv, 'resend')}>
                    {t('resend')}
                  </button>
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void act(inv, 'revoke')}>
                    {t('revoke')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
