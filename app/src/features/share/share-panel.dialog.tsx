import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Profile } from '../../../../shared/schemas/profile.schema.ts';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { toast } from '../../components/toast.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { qrPath, qrPng, qrSvg } from './qr-image.ts';
import { shareLinks } from './share-links.ts';
import { BackgroundSection } from './background-section.tsx';
import { usePageOrigin } from '../profiles/index.ts';

/** The profile a share panel is about. */
export interface ShareTarget extends Pick<Profile, 'id' | 'shortLinkId'> {
  /** What the panel calls it (its label). */
  name: string;
}

/** The QR code as inline SVG (no data: URL, which the app's CSP refuses). */
function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { side, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={className} viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * Issue 23: everything to find and share a profile's page, from the overview and the editor:
 * open it, copy it, the system share sheet, the link-in-bio address, and the QR code full
 * screen (to show from the phone) or as PNG and SVG. Its own chunk (with the QR encoder).
 */
export default function SharePanelDialog({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const { t } = useTranslation('my_profile');
  const config = useAppConfig().data;
  const [fullScreen, setFullScreen] = useState(false);
  // Issue 39: a company profile's pages are shared at its organisation's own host once verified (the service's address works too).
  const pageOrigin = usePageOrigin(target.id);
  const links = config && !pageOrigin.isPending ? shareLinks(pageOrigin.data ?? config.publicUrl, target) : null;
  const canShare = typeof navigator.share === 'function';

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.not_copied'));
    }
  };
  const share = async (url: string) => {
    try {
      await navigator.share({ title: target.name, url });
    } catch (error) {
      // The owner closing the sheet is no failure.
      if ((error as Error).name !== 'AbortError') toast.error(t('share.not_shared'));
    }
  };
  const fileName = `QR-${target.id}`;

  return (
    <>
      <ModalDialog
        open
        title={t('share.title', { name: target.name })}
        onClose={onClose}
        footer={
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('share.close')}
          </button>
        }
      >
        {links && (
          <div className="share-panel stack">
            <section className="stack-sm" aria-labelledby="share-page">
              <h3 id="share-page">{t('share.page')}</h3>
              <p className="share-url" data-testid="share-page-url">
                {links.page}
              </p>
              <div className="button-row">
                <a className="btn btn-primary btn-small" href={links.page} target="_blank" rel="noopener noreferrer">
                  {t('share.open')}
                </a>
                <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy(links.shared)}>
                  {t('share.copy')}
                </button>
                {canShare && (
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void share(links.shared)}>
                    {t('share.share')}
                  </button>
                )}
              </div>
            </section>
            {links.linkInBio && (
              <section className="stack-sm" aria-labelledby="share-bio">
                <h3 id="share-bio">{t('share.link_in_bio')}</h3>
                <p className="share-url" data-testid="share-bio-url">
                  {links.linkInBio}
                </p>
                <div className="button-row">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy(links.linkInBio!)}>
                    {t('share.copy_bio')}
                  </button>
                </div>
              </section>
            )}
            <section className="stack-sm" aria-labelledby="share-qr">
              <h3 id="share-qr">{t('share.qr')}</h3>
              <QrCode text={links.qr} label={t('share.qr_label', { name: target.name })} className="share-qr" />
              <div className="button-row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setFullScreen(true)}>
                  {t('share.full_screen')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => void qrPng(links.qr).then((blob) => saveBlob(blob, `${fileName}.png`))}
                >
                  {t('share.png')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => saveBlob(new Blob([qrSvg(links.qr)], { type: 'image/svg+xml' }), `${fileName}.svg`)}
                >
                  {t('share.svg')}
                </button>
              </div>
            </section>
            <section className="stack-sm" aria-labelledby="share-signature">
              <h3 id="share-signature">{t('share.signature_title')}</h3>
              <p className="muted">{t('share.signature_intro')}</p>
              <div className="button-row">
                <Link className="btn btn-secondary btn-small" to={`/profile/${encodeURIComponent(target.id)}/signature`} onClick={onClose}>
                  {t('share.signature_open')}
                </Link>
              </div>
            </section>
            <BackgroundSection profileId={target.id} />
          </div>
        )}
      </ModalDialog>
      {fullScreen && links && <FullScreenQr text={links.qr} name={target.name} onClose={() => setFullScreen(false)} />}
    </>
  );
}

/** The QR code filling the screen, to be scanned from the owner's phone; Escape or Close ends it. */
function FullScreenQr({ text, name, onClose }: { text: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('my_profile');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="qr-fullscreen"
      aria-label={t('share.qr_label', { name })}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <QrCode text={text} label={t('share.qr_label', { name })} className="qr-fullscreen-code" />
      <p className="qr-fullscreen-name">{name}</p>
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {t('share.close')}
      </button>
    </dialog>
  );
}
