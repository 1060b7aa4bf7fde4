import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { toast } from '../../components/toast.ts';
import { profileKeys } from '../profiles/index.ts';
import { clearPendingInvitation, readPendingInvitation } from '../auth/index.ts';
import { teamApi, teamKeys } from './team.api.ts';
import '../../styles/security.css';
import './team.css';

type State = { kind: 'working' } | { kind: 'done'; name: string; organisationId: string } | { kind: 'failed'; message: string };

/**
 * The invitation mail's link, `/team/accept?token=…`: accepts once signed in (the guard sends a
 * visitor to sign in or register first; the login keeps the invitation through sign-up and the
 * confirmation mail, whose link leads back here, issue 35). Accepted or refused, the kept
 * invitation is forgotten.
 */
export default function AcceptInvitationPage() {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  useDocumentTitle(t('accept_title'));
  const [params] = useSearchParams();
  const [token] = useState(() => params.get('token') || readPendingInvitation() || '');
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    teamApi
      .accept(token)
      .then(async (organisation) => {
        clearPendingInvitation();
        await queryClient.invalidateQueries({ queryKey: teamKeys.all });
        setState({ kind: 'done', name: organisation.name, organisationId: organisation.organisationId });
      })
      .catch((error: unknown) => {
        // Refused by the server (used, expired, already a member elsewhere): not asked again. A network failure keeps it.
        const status = (error as { status?: number }).status ?? 0;
        if (status >= 400 && status < 500) clearPendingInvitation();
        setState({ kind: 'failed', message: errorMessage(error, tm) });
      });
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
            <div className="team-actions">
              <CompanyProfileOffer organisationId={state.organisationId} />
              <Link className="btn btn-secondary" to="/team">
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

/**
 * Issue 24: with one template in the organisation, the new member makes their company profile
 * right here (it starts with the name and job title the admin's CSV gave); with several they
 * pick one in the Team area.
 */
function CompanyProfileOffer({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const templates = useQuery({ queryKey: teamKeys.templates(organisationId), queryFn: () => teamApi.templates(organisationId) });
  const only = templates.data?.templates.length === 1 ? templates.data.templates[0] : null;
  if (!only) return null;
  const create = async () => {
    setBusy(true);
    try {
      const profile = await teamApi.createCompanyProfile(only.templateId, only.name);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(t('template_profile_created'));
      await navigate(`/profile/${profile.id}`);
    } catch (error) {
      toast.error(errorMessage(error, tm));
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
      {t('template_create_profile')}
    </button>
  );
}
