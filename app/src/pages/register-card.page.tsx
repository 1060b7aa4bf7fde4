import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Scanner, type IDetectedBarcode, type IScannerError } from '@yudiel/react-qr-scanner';
import { parseCardLink } from '../../../shared/card-link.ts';
import { useAppConfig } from '../api/app-config.query.ts';
import { cardKeys, cardsApi } from '../api/cards.api.ts';
import { errorCodeMessage } from '../api/error-text.ts';
import { profileKeys } from '../api/profiles.api.ts';
import { useAuth } from '../auth/auth.context.tsx';
import { prepareLocalQrReaderWasm } from '../cards/qr-reader-setup.ts';
import { clearPendingCard, readPendingCard } from '../cards/pending-card.ts';
import { Spinner } from '../components/spinner.tsx';
import { toast } from '../components/toast.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';

prepareLocalQrReaderWasm();

/**
 * The rear camera (SPEC 2), asked for HD without minimums: the library's own defaults demand at
 * least 640 px of height, which a 640x480 laptop webcam cannot give (OverconstrainedError).
 */
const CAMERA: MediaTrackConstraints = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } };

/** SPEC 9: the reader looks at most every 500 ms. */
const SCAN_DELAY_MS = 500;

/** Whether this browser can open a camera at all (SPEC 2: else the unsupported-browser error). */
const hasMediaDevices = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * SPEC 2 / SPEC 4, Register card. A card stored by the public card page is registered at once
 * (then on to its new profile); otherwise the rear camera scans the card's QR code.
 */
export default function RegisterCardPage() {
  const { t } = useTranslation('register_card');
  const { t: tm } = useTranslation('molecules');
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const [registering, setRegistering] = useState(false);
  const [scanError, setScanError] = useState<string | null>(null);
  const [pendingPath] = useState(() => readPendingCard() !== null);
  const started = useRef(false);
  // With allowMultiple the reader reports a code every scan; one unreadable code should warn once, not twice a second.
  const lastRejected = useRef<{ text: string; at: number } | null>(null);
  useDocumentTitle(t('title'));

  const refreshLists = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.list() })]),
    [queryClient],
  );

  // SPEC 4, stored path: remove the entry first, register, then to the new profile (or / without id).
  useEffect(() => {
    const cardId = readPendingCard();
    if (!cardId || !user || started.current) return;
    started.current = true;
    clearPendingCard();
    setRegistering(true);
    cardsApi
      .register(cardId, user.email)
      .then(async (result) => {
        await refreshLists();
        toast.success(t('registered_info'));
        navigate(result.cardProfileId ? `/profile/${encodeURIComponent(result.cardProfileId)}` : '/', { replace: true });
      })
      .catch((error: unknown) => {
        toast.error(errorCodeMessage(error, tm));
        setRegistering(false);
        navigate('/', { replace: true });
      });
  }, [user, navigate, refreshLists, t, tm]);

  // SPEC 4, scan path: a card link registers the card and returns to the overview; anything else resumes scanning.
  const onScan = async (codes: IDetectedBarcode[]) => {
    if (registering || !user || !config.data) return;
    const text = codes[0]?.rawValue ?? '';
    const last = lastRejected.current;
    if (last && last.text === text && Date.now() - last.at < 4000) return;
    setRegistering(true);
    const cardId = parseCardLink(text, config.data.publicUrl);
    if (!cardId) {
      lastRejected.current = { text, at: Date.now() };
      toast.error(t('could_not_read_card_info'));
      setRegistering(false);
      return;
    }
    try {
      await cardsApi.register(cardId, user.email);
      await refreshLists();
      toast.success(t('registered_info'));
      navigate('/', { replace: true });
    } catch (error) {
      lastRejected.current = { text, at: Date.now() };
      toast.error(errorCodeMessage(error, tm));
      setRegistering(false);
    }
  };

  const onError = (error: IScannerError) => {
    // The cause (a DOMException, a wasm failure) is what support needs; the owner gets a sentence.
    console.error('QR reader failed', error.kind, error.cause);
    // A denied permission or a missing camera is what the owner can act on; say which.
    if (error.kind === 'unsupported' || error.kind === 'insecure-context') setScanError(t('unsupported_browser'));
    else if (error.kind === 'permission-denied') setScanError(t('camera_denied'));
    else if (error.kind === 'no-camera') setScanError(t('camera_missing'));
    else setScanError(t('camera_error', { message: error.message }));
  };

  const busy = registering || pendingPath;
  const supported = hasMediaDevices();

  return (
    <section className="content-card stack register-card" aria-labelledby="register-card-title">
      <h1 id="register-card-title">{t('title')}</h1>
      {busy ? (
        <div className="registering" aria-live="polite">
          <Spinner label={t('registering')} />
          <p>{t('registering')}</p>
        </div>
      ) : !supported ? (
        <p className="alert alert-error" role="alert">
          {t('unsupported_browser')}
        </p>
      ) : (
        <>
          <p className="muted">{t('instructions')}</p>
          <div className="scanner-frame">
            <Scanner
              onScan={(codes) => void onScan(codes)}
              onError={onError}
              formats={['qr_code']}
              constraints={CAMERA}
              scanDelay={SCAN_DELAY_MS}
              retryDelay={SCAN_DELAY_MS}
              allowMultiple
              paused={registering}
              sound={false}
              components={{ finder: true, torch: true, zoom: false, onOff: false }}
            />
          </div>
          {scanError && (
            <p className="alert alert-error" role="alert">
              {scanError}
            </p>
          )}
        </>
      )}
      <div className="button-row">
        <Link to="/" className="btn btn-secondary">
          {tm('back_to_overview')}
        </Link>
      </div>
    </section>
  );
}
