import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../lib/api-client.ts';
import { cardKeys, cardsApi } from './cards.api.ts';
import { errorCodeMessage, errorMessage } from '../../lib/error-text.ts';
import { profileKeys, profilesApi, ProfileSelect } from '../profiles/index.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { saveBlob } from '../../lib/save-blob.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useAppConfig } from '../../lib/app-config.query.ts';

/**
 * Issue 35: a card the operator deactivated says so first, with what it means for visitors and
 * whom to write to (ISSUER_NAME and SUPPORT_EMAIL, the address the card's public page gives too).
 */
function BlockedNotice({ cardId, issuer, email }: { cardId: string; issuer?: string; email?: string }) {
  const { t } = useTranslation('my_card');
  const vars = { issuer: issuer ?? '…' };
  return (
    <section className="alert alert-error" role="status" aria-labelledby="blocked-title">
      <h2 id="blocked-title" className="card-title">
        {t('blocked_title')}
      </h2>
      <p>{t('blocked_text', vars)}</p>
      {email && (
        <a className="btn btn-secondary btn-small" href={`mailto:${email}?subject=${encodeURIComponent(t('blocked_subject', { cardId }))}`}>
          {t('blocked_contact', { ...vars, email })}
        </a>
      )}
    </section>
  );
}

/** SPEC 2, My card: QR code, card image, the profile the card shows, preview and reset. */
export default function MyCardPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('my_card');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const card = useQuery({ queryKey: cardKeys.detail(id), queryFn: () => cardsApi.byId(id) });
  const profiles = useQuery({ queryKey: profileKeys.list(), queryFn: profilesApi.list });
  const [selected, setSelected] = useState<string | null>(null);
  const [showQr, setShowQr] = useState(true);
  const [saving, setSaving] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const config = useAppConfig().data;
  useDocumentTitle(t('title'));

  if (card.isPending) return <LoadingBlock />;
  if (card.isError) {
    return (
      <div className="content-card stack">
        <p className="alert alert-error" role="alert">
          {errorMessage(card.error, tm)}
        </p>
        <Link to="/" className="btn btn-secondary">
          {tm('back_to_overview')}
        </Link>
      </div>
    );
  }
  const current = card.data;
  const profileId = selected ?? current.cardProfileId ?? '';
  // Issue 33: an organisation's card shows only the member's company profiles of it, and only its admins take it back.
  const choices = current.profileChoices;
  const offered = choices === null ? profiles.data : profiles.data?.filter((p) => choices.includes(p.id));
  const edition = tc(`editions.${current.typeName}`);

  const save = async () => {
    // SPEC 5: a card must show some profile.
    if (!profileId) {
      toast.error(t('select_profile_first'));
      return;
    }
    setSaving(true);
    try {
      await cardsApi.changeProfile(current.cardId, profileId);
      toast.success(t('saved'));
      setSelected(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.list() })]);
    } catch (error) {
      toast.error(errorCodeMessage(error, tm));
    } finally {
      setSaving(false);
    }
  };

  const downloadQr = async () => {
    try {
      // The page shows the crisp SVG; the download is the PNG the server renders beside it, which every app opens.
      const blob = await apiDownload(current.qrCodePath.replace(/\.svg$/, '.png'));
      saveBlob(blob, `QR-${current.cardId}.png`);
    } catch (error) {
      toast.error(t('qr_download_failed', { message: errorMessage(error, tm) }));
    }
  };

  const reset = async () => {
    const ok = await confirm({ title: t('reset_title'), message: t('reset_confirm'), confirmLabel: t('reset') });
    if (!ok) return;
    try {
      await cardsApi.reset(current.cardId);
      toast.success(t('reset_done'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.list() })]);
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, tm));
    }
  };

  return (
    <div className="stack">
      <div className="page-head">
        <Link to="/" className="back-link">
          ← {tm('back_to_overview')}
        </Link>
        <h1>{t('title')}</h1>
      </div>
      {current.blocked && <BlockedNotice cardId={current.cardId} issuer={config?.issuerName} email={config?.supportEmail} />}
      <div className="my-card-grid">
        <section className="content-card stack" aria-labelledby="card-image-title">
          <h2 id="card-image-title" className="card-title">
            {edition}
          </h2>
          <img className="card-image" src={current.imagePath} alt={t('card_image_alt', { edition })} width={640} height={404} />
          <p className="muted">{t('scans', { count: current.cardViews })}</p>
        </section>
        <section className="content-card stack" aria-labelledby="qr-title">
          <div className="section-head">
            <h2 id="qr-title" className="card-title">
              {t('qr_code')}
            </h2>
            <button type="button" className="btn btn-ghost btn-small" aria-expanded={showQr} aria-controls="qr-image" onClick={() => setShowQr((v) => !v)}>
              {showQr ? t('hide_qr') : t('show_qr')}
            </button>
          </div>
          <div id="qr-image" className="qr-box" hidden={!showQr}>
            <img src={current.qrCodePath} alt={t('qr_alt', { link: current.cardLink })} width={220} height={220} />
            <p className="qr-link">{current.cardLink}</p>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => void downloadQr()}>
            {t('download_qr')}
          </button>
        </section>
      </div>
      <section className="content-card stack" aria-labelledby="assign-title">
        <h2 id="assign-title" className="card-title">
          {t('profile_heading')}
        </h2>
        <p className="muted">{current.organisationCard ? t('organisation_card_intro') : t('profile_intro')}</p>
        <ProfileSelect
          id="card-profile"
          label={t('profile_label')}
          emptyLabel={t('choose_profile')}
          value={profileId}
          onChange={setSelected}
          profiles={offered}
          disabled={profiles.isPending}
        />
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving}>
            {t('save')}
          </button>
          <Link to={`/card/${encodeURIComponent(current.cardId)}/preview`} className="btn btn-secondary">
            {t('preview')}
          </Link>
        </div>
      </section>
      {!current.organisationCard && (
        <section className="content-card stack danger-zone" aria-labelledby="reset-title">
          <h2 id="reset-title" className="card-title">
            {t('reset_heading')}
          </h2>
          <p className="muted">{t('reset_intro')}</p>
          <div className="button-row">
            <Link to="/" className="btn btn-secondary">
              {t('back')}
            </Link>
            <button type="button" className="btn btn-danger" onClick={() => void reset()}>
              {t('reset')}
            </button>
          </div>
        </section>
      )}
      {confirmDialog}
    </div>
  );
}
