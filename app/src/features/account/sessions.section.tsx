import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountSession } from '../../../../shared/schemas/account.schema.ts';
import { accountApi, accountKeys } from './account.api.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { securityErrorText } from './security-errors.ts';

/** Issue 13.1: the account's signed-in devices; sign one or all others out. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: accountKeys.sessions(), queryFn: accountApi.sessions, staleTime: 0 });
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const deviceName = (s: AccountSession) =>
    s.browser || s.os
      ? t('sessions.device', { browser: s.browser ?? t('sessions.unknown_browser'), os: s.os ?? t('sessions.unknown_os') })
      : t('sessions.unknown_device');
  const reload = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });

  const signOut = async (session: AccountSession) => {
    try {
      await accountApi.revokeSession(session.id);
      toast.success(t('sessions.signed_out'));
    } catch (error) {
      toast.error(securityErrorText(error, t, tm));
    }
    await reload();
  };
  const signOutOthers = async () => {
    try {
      const { revoked } = await accountApi.revokeOtherSessions();
      toast.success(t('sessions.signed_out_others', { count: revoked }));
    } catch (error) {
      toast.error(securityErrorText(error, t, tm));
    }
    await reload();
  };

  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section className="content-card security-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="card-title">
        {t('sessions.title')}
      </h2>
      <p className="lead">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <LoadingBlock />
      ) : sessions.isError ? (
        <p className="alert alert-error" role="alert">
          {t('sessions.load_failed', { message: securityErrorText(sessions.error, t, tm) })}
        </p>
      ) : (
        <ul className="session-list">
          {sessions.data.map((session) => (
            <li key={session.id} className="session-row">
              <div className="session-body">
                <span className="session-device">
                  {deviceName(session)}
                  {session.current && <span className="badge badge-success">{t('sessions.this_device')}</span>}
                </span>
                <span className="meta-text">
                  {t('sessions.last_seen', { date: when(session.lastSeenIso) })}
                  {' · '}
                  {t('sessions.signed_in', { date: when(session.createdIso) })}
                  {session.ipAddress && ` · ${session.ipAddress}`}
                </span>
              </div>
              {!session.current && (
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={t('sessions.sign_out_device', { device: deviceName(session) })}
                  onClick={() => signOut(session)}
                >
                  {t('sessions.sign_out')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.isSuccess &&
        (others.length > 0 ? (
          <div>
            <button type="button" className="btn btn-secondary" onClick={signOutOthers}>
              {t('sessions.sign_out_others')}
            </button>
          </div>
        ) : (
          <p className="muted">{t('sessions.no_others')}</p>
        ))}
    </section>
  );
}
