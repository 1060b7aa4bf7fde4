import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { parseInviteeCsv } from './invitee-csv.ts';
import { teamApi } from './team.api.ts';

/**
 * Issue 24: invitations from a CSV of e-mail, first and last name and job title, uploaded or
 * pasted. Every line is checked as it is typed; refused lines are listed with their number and
 * nothing is sent until they are fixed. Names and job titles start the invitees' company profiles.
 */
export function InviteCsvSection({ organisationId, onDone }: { organisationId: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const id = useId();
  const [csv, setCsv] = useState('');
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = useMemo(() => parseInviteeCsv(csv), [csv]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setCsv(await file.text());
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const sent = await teamApi.inviteMany(organisationId, parsed.invitees, role);
      toast.success(t('invited', { count: sent.invitations.length }));
      setCsv('');
    } catch (err) {
      setError(errorMessage(err, tm));
    } finally {
      setBusy(false);
    }
    await onDone();
  };
  const ready = parsed.invitees.length > 0 && parsed.refused.length === 0;

  return (
    <form className="security-form team-invite team-invite-csv" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="team-subtitle">
        {t('invite_csv_title')}
      </h3>
      <p className="field-hint" id={`${id}-hint`}>
        {t('invite_csv_hint')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('invite_csv_file')}</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void pick(e)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('invite_csv_text')}</label>
        <textarea
          id={`${id}-text`}
          rows={5}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          aria-describedby={`${id}-hint`}
          placeholder={'email,firstName,lastName,jobTitle\nanna@example.com,Anna,Berg,Sales'}
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {csv.trim() && (
        <div className={`alert ${parsed.refused.length ? 'alert-error' : 'alert-info'}`} role="status">
          <p>{t('invite_csv_ready', { count: parsed.invitees.length })}</p>
          {parsed.refused.length > 0 && (
            <>
              <p>{t('invite_csv_refused', { count: parsed.refused.length })}</p>
              <ul className="team-csv-lines">
                {parsed.refused.map((l) => (
                  <li key={l.line}>{t('invite_csv_line', { line: l.line, email: l.email || '—', reason: t(`invite_csv_error.${l.error}`) })}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-role`}>{t('invite_role')}</label>
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as 'admin' | 'member')}>
          <option value="member">{t('role.member')}</option>
          <option value="admin">{t('role.admin')}</option>
        </select>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy || !ready}>
          {t('invite_csv_submit', { count: parsed.invitees.length })}
        </button>
      </div>
    </form>
  );
}
