import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { cardKeys, cardsApi, readPendingCard } from '../cards/index.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { profileKeys, profileLabel, profilesApi } from '../profiles/index.ts';
import { acceptInvitationPath, authClient, readPendingInvitation, useAuth } from '../auth/index.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { CardPickerDialog, WalletBadge, type WalletKind } from '../wallet/index.ts';
import { ShareButton } from '../share/index.ts';
import { VERIFY_CHECK_PARAM } from '../../../../shared/verification-link.ts';
import type { Profile } from '../../../../shared/schemas/profile.schema.ts';

/**
 * SPEC 2, Overview: verification first, then cards, wallet badges and profiles; an owner without a
 * card starts with the profile (issue 35).
 */
export default function OverviewPage() {
  const { user } = useAuth();
  if (!user) return null;
  // SPEC 4: an unverified e-mail blocks the overview.
  if (!user.emailVerified) return <VerificationPrompt email={user.email} />;
  // SPEC 2: a card the owner started registering on the public card page comes first.
  if (readPendingCard()) return <Navigate to="/register-card" replace />;
  // Issue 35: then an invitation link opened before signing up (kept by the login).
  const invitation = readPendingInvitation();
  if (invitation) return <Navigate to={acceptInvitationPath(invitation)} replace />;
  return <Dashboard />;
}

function VerificationPrompt({ email }: { email: string }) {
  const { t } = useTranslation('my_profile');
  const { t: tm } = useTranslation('molecules');
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  // Issue 23: "I've confirmed it" says so when the server has no confirmation yet, and a used or
  // expired confirmation link (`?error=` on its way back) is named.
  const [notYet, setNotYet] = useState(false);
  const [badLink] = useState(() => new URLSearchParams(location.search).has('error'));
  useDocumentTitle(t('verify.title'));

  const resend = async () => {
    setSending(true);
    try {
      await authClient.sendVerificationEmail(email);
      toast.success(t('verify.sent_info', { email }));
    } catch (error) {
      toast.error(errorMessage(error, tm));
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    setChecking(true);
    setNotYet(false);
    // Marked in the address: should the check find this session ended (the link opened on
    // another device ends it, issue 20), the login it leads to says why.
    navigate({ search: `?${VERIFY_CHECK_PARAM}=1` }, { replace: true });
    await refresh();
    // Still here means still unverified (a verified owner sees the dashboard instead).
    setNotYet(true);
    setChecking(false);
  };

  return (
    <section className="content-card verify-card" aria-labelledby="verify-title">
      <svg className="verify-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect x="6" y="14" width="52" height="36" rx="6" fill="var(--color-primary-soft)" stroke="var(--color-primary)" strokeWidth="3" />
        <path d="M8 18l24 18 24-18" fill="none" stroke="var(--color-primary)" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <h1 id="verify-title">{t('verify.title')}</h1>
      <p>{t('verify.text', { email })}</p>
      <p className="muted">{t('verify.hint')}</p>
      {readPendingInvitation() && <p className="muted">{t('verify.invitation_kept')}</p>}
      {badLink && (
        <p className="alert alert-error" role="alert">
          {t('verify.link_invalid')}
        </p>
      )}
      <p className="verify-status" role="status">
        {notYet ? t('verify.not_yet') : ''}
      </p>
      <div className="button-row center">
        <button type="button" className="btn btn-primary" onClick={() => void check()} disabled={checking}>
          {t('verify.done')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void resend()} disabled={sending}>
          {t('verify.resend')}
        </button>
      </div>
    </section>
  );
}

function Dashboard() {
  const { t } = useTranslation('my_profile');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const config = useAppConfig().data;
  // Each list says its own failure inline (and the wallet picker its toast), so the overview
  // never swaps itself for the screen error (issue 23).
  const cards = useQuery({ queryKey: cardKeys.list(), queryFn: cardsApi.list, throwOnError: false });
  const profiles = useQuery({ queryKey: profileKeys.list(), queryFn: profilesApi.list, throwOnError: false });
  const [wallet, setWallet] = useState<WalletKind | null>(null);
  // D11: once the server says a wallet is not configured, its badge says so too.
  const [unavailable, setUnavailable] = useState<WalletKind[]>([]);
  const isUnavailable = (kind: WalletKind) => unavailable.includes(kind) || config?.wallet?.[kind] === false;
  useDocumentTitle(t('title'));

  // Issue 35: the lists decide the order, so it never jumps once shown.
  if (cards.isPending) return <Spinner label={tm('loading')} />;
  // An owner without a card starts with the profile (what a card will show); the card follows,
  // and the wallet, which needs a card, waits until there is one. A failed card list keeps the
  // usual order: the wallet badges then say the failure themselves.
  const withoutCard = cards.isSuccess && cards.data.length === 0;
  const hasProfile = Boolean(profiles.data?.length);

  const cardsSection = (
    <section aria-labelledby="cards-title" className="section" key="cards">
      <div className="section-head">
        {withoutCard ? <h2 id="cards-title">{tc('my_cards')}</h2> : <h1 id="cards-title">{tc('my_cards')}</h1>}
        {!withoutCard && (
          <Link to="/register-card" className="btn btn-secondary btn-small">
            {tc('add_card')}
          </Link>
        )}
      </div>
      {cards.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(cards.error, tm)}
        </p>
      ) : withoutCard ? (
        <div className="empty-state">
          <p>{tc('no_cards')}</p>
          <Link to="/register-card" className={`btn ${hasProfile ? 'btn-primary' : 'btn-secondary'}`}>
            {tc('scan_first_card')}
          </Link>
        </div>
      ) : (
        <ul className="card-grid">
          {cards.data.map((card) => (
            <li key={card.cardId}>
              <Link to={`/my-card/${encodeURIComponent(card.cardId)}`} className="card-tile">
                <img src={card.imagePath} alt="" width={320} height={202} loading="lazy" />
                <span className="card-tile-body">
                  <span className="card-tile-title">{tc(`editions.${card.typeName}`)}</span>
                  <span className="card-tile-meta">{card.cardProfileName ? tc('shows_profile', { name: card.cardProfileName }) : tc('no_profile')}</span>
                  <span className="card-tile-meta">{tc('scans', { count: card.cardViews })}</span>
                  {card.blocked && <span className="badge badge-danger card-tile-badge">{tc('blocked_badge')}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {config?.shopUrl && (
        <div className="shop-banner">
          <span>{withoutCard ? tc('want_first_card') : tc('want_another_card')}</span>
          <a className={`btn ${withoutCard ? 'btn-secondary' : 'btn-primary'} btn-small`} href={config.shopUrl} target="_blank" rel="noopener noreferrer">
            {tc('to_shop')}
          </a>
        </div>
      )}
    </section>
  );

  const walletSection = withoutCard ? null : (
    <section aria-labelledby="wallet-title" className="section" key="wallet">
      <h2 id="wallet-title">{tc('wallet.title')}</h2>
      <p className="muted">{tc('wallet.text')}</p>
      <div className="wallet-badges">
        <WalletBadge kind="apple" unavailable={isUnavailable('apple')} onClick={() => setWallet('apple')} />
        <WalletBadge kind="google" unavailable={isUnavailable('google')} onClick={() => setWallet('google')} />
      </div>
    </section>
  );

  const profilesSection = (
    <section aria-labelledby="profiles-title" className="section" key="profiles">
      <div className="section-head">
        {withoutCard ? <h1 id="profiles-title">{t('profiles')}</h1> : <h2 id="profiles-title">{t('profiles')}</h2>}
        {/* Without a profile the one way to create it is the big button below. */}
        {(hasProfile || !profiles.isSuccess) && (
          <Link to="/profile/new" className="btn btn-primary btn-small">
            {t('create_profile')}
          </Link>
        )}
      </div>
      {profiles.isPending ? (
        <Spinner label={tm('loading')} />
      ) : profiles.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(profiles.error, tm)}
        </p>
      ) : profiles.data.length === 0 ? (
        <div className="empty-state start-state">
          <p>{t('no_profiles')}</p>
          <p>{t('start.text')}</p>
          <Link to="/profile/new" className="btn btn-primary">
            {t('start.button')}
          </Link>
        </div>
      ) : (
        <ProfileList profiles={profiles.data} />
      )}
    </section>
  );

  return (
    <div className="stack-lg">
      {withoutCard ? [profilesSection, cardsSection] : [cardsSection, walletSection, profilesSection]}
      <CardPickerDialog
        kind={wallet}
        cards={cards.data ?? []}
        loading={false}
        loadFailed={cards.isError}
        onClose={() => setWallet(null)}
        onNotConfigured={(kind) => setUnavailable((list) => (list.includes(kind) ? list : [...list, kind]))}
      />
    </div>
  );
}

/** The owner's profiles, each with its views, statistics, share and edit. */
function ProfileList({ profiles }: { profiles: Profile[] }) {
  const { t } = useTranslation('my_profile');
  return (
    <ul className="stacked-list">
      {profiles.map((profile) => {
        const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
        const name = profileLabel(profile) || t('unnamed_profile');
        return (
          <li key={profile.id} className="profile-row">
            <span className="profile-avatar" aria-hidden="true">
              {profile.profileImagePath ? (
                <img src={profile.profileImagePath} alt="" width={48} height={48} />
              ) : (
                (profileLabel(profile) || '?').slice(0, 1).toUpperCase()
              )}
            </span>
            <span className="profile-row-body">
              <span className="profile-row-title">{name}</span>
              <span className="profile-row-meta">
                {fullName && profile.profileName ? `${fullName} · ` : ''}
                {t('views', { count: profile.profileViews })}
                {' · '}
                <Link to={`/profile/${encodeURIComponent(profile.id)}/stats`} aria-label={t('stats_named', { name })}>
                  {t('stats')}
                </Link>
              </span>
            </span>
            <span className={`badge ${profile.isInUse ? 'badge-success' : 'badge-neutral'}`}>{profile.isInUse ? t('in_use') : t('not_in_use')}</span>
            <span className="profile-row-actions">
              <ShareButton target={{ id: profile.id, shortLinkId: profile.shortLinkId, name }} />
              <Link to={`/profile/${encodeURIComponent(profile.id)}`} className="btn btn-secondary btn-small" aria-label={t('edit_named', { name })}>
                {t('edit')}
              </Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
