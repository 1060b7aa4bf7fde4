import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';
import '../../styles/security.css';

type State = { kind: 'working' } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/** The invitation mail's link, `/team/accept?token=…`: accepts once signed in (the guard sends a visitor to sign in or register first). */
export default function AcceptInvitationPage() {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  useDocumentTitle(t('accept_title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    teamApi
      .accept(token)
      .then(async (organisation) => {
        await queryClient.invalidateQueries({ queryKey: teamKeys.all });
        setState({ kind: 'done', name: organisation.name });
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error, tm) }));
  }, [token, queryClient, tm]);

  return (
    <div className="security-page">
      <section className="content-card security-section" aria-labelledby="accept-title">
        <h1 id="accept-title" className="card-title">
          {t('accept_title')}
        </h1>
        {!token ? (
          <p className="alert alert-error" role="alert">
            {t('accept_missing')}
          </p>
        ) : state.kind === 'working' ? (
          <>
            <p>{t('accept_working')}</p>
            <LoadingBlock />
          </>
        ) : state.kind === 'done' ? (
          <>
            <p className="alert alert-success" role="status">
              {t('accept_done', { name: state.name })}
            </p>
            <div>
              <Link className="btn btn-primary" to="/team">
                {t('to_team')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="alert alert-error" role="alert">
              {t('accept_failed', { message: state.message })}
            </p>
            <div>
              <Link className="btn btn-secondary" to="/">
                {t('to_overview')}
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
