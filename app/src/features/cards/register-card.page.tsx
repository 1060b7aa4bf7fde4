import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Scanner, type IDetectedBarcode, type IScannerError } from '@yudiel/react-qr-scanner';
import { parseCardLink } from '../../../../shared/card-link.ts';
import { useAppConfig } from '../../lib/app-config.query.ts';
import { cardKeys, cardsApi } from './cards.api.ts';
import { errorCodeMessage } from '../../lib/error-text.ts';
import { profileKeys } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
import { prepareLocalQrReaderWasm } from './qr-reader-setup.ts';
import { clearPendingCard, readPendingCard } from './pending-card.ts';
import { CardIdEntrySection } from './card-id-entry.section.tsx';
import { ChooseProfileSection, type CardProfileChoice } from './choose-profile.section.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';

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
 * SPEC 2 / SPEC 4, Register card. A card stored by the public card page, scanned by the rear
 * camera or typed in (issue 23: no camera needed) is registered once the owner said which
 * profile it shows; a new profile then opens in the editor.
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
  // The card read (stored, scanned or typed) that waits for the owner's choice of profile.
  const [card, setCard] = useState<{ id: string; stored: boolean } | null>(null);
  const started = useRef(false);
  // With allowMultiple the reader reports a code every scan; one unreadable code should warn once, not twice a second.
  const lastRejected = useRef<{ text: string; at: number } | null>(null);
  useDocumentTitle(t('title'));

  const refreshLists = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: cardKeys.all }), queryClient.invalidateQueries({ queryKey: profileKeys.list() })]),
    [queryClient],
  );

  // SPEC 4, stored path: remove the entry first, then ask which profile the card shows (issue 23).
  useEffect(() => {
    const cardId = readPendingCard();
    if (!cardId || !user || started.current) return;
    started.current = true;
    clearPendingCard();
    setCard({ id: cardId, stored: true });
  }, [user]);

  // SPEC 4, scan path: a card link goes on to the profile choice; anything else resumes scanning.
  const onScan = (codes: IDetectedBarcode[]) => {
    if (card || !config.data) return;
    const text = codes[0]?.rawValue ?? '';
    const last = lastRejected.current;
    if (last && last.text === text && Date.now() - last.at < 4000) return;
    const cardId = parseCardLink(text, config.data.publicUrl);
    if (!cardId) {
      lastRejected.current = { text, at: Date.now() };
      toast.error(t('could_not_read_card_info'));
      return;
    }
    setCard({ id: cardId, stored: false });
  };

  // Registers with the owner's choice: a new profile opens in the editor, an existing one returns to the overview.
  const register = async (choice: CardProfileChoice) => {
    if (!card || !user) return;
    setRegistering(true);
    try {
      const result = await cardsApi.register(card.id, user.email, choice);
      await refreshLists();
      toast.success(t('registered_info'));
      const isNew = !('profileId' in choice);
      navigate(isNew && result.cardProfileId ? `/profile/${encodeURIComponent(result.cardProfileId)}` : '/', { replace: true });
    } catch (error) {
      lastRejected.current = { text: card.id, at: Date.now() };
      toast.error(errorCodeMessage(error, tm));
      setRegistering(false);
      // SPEC 4: a failed stored registration goes to the overview; a scanned card back to the scanner.
      if (card.stored) navigate('/', { replace: true });
      else setCard(null);
    }
  };

  const cancel = () => {
    if (card?.stored) navigate('/', { replace: true });
    else setCard(null);
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

  const busy = pendingPath && !card;
  const supported = hasMediaDevices();

  return (
    <section className="content-card stack register-card" aria-labelledby="register-card-title">
      <h1 id="register-card-title">{t('title')}</h1>
      {card ? (
        <ChooseProfileSection busy={registering} onChoose={(choice) => void register(choice)} onCancel={cancel} />
      ) : busy ? (
        <div className="registering" aria-live="polite">
          <Spinner label={t('registering')} />
          <p>{t('registering')}</p>
        </div>
      ) : (
        <>
          {config.data && <CardIdEntrySection publicUrl={config.data.publicUrl} onCard={(id) => setCard({ id, stored: false })} />}
          {!supported ? (
            <p className="alert alert-error" role="alert">
              {t('unsupported_browser')}
            </p>
          ) : (
            <>
              <p className="muted">{t('instructions')}</p>
              <div className="scanner-frame">
                <Scanner
                  onScan={onScan}
                  onError={onError}
                  formats={['qr_code']}
                  constraints={CAMERA}
                  scanDelay={SCAN_DELAY_MS}
                  retryDelay={SCAN_DELAY_MS}
                  allowMultiple
                  paused={card !== null}
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
