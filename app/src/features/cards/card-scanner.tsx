import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Scanner, type IDetectedBarcode, type IScannerError } from '@yudiel/react-qr-scanner';
import { parseCardLink } from '../../../../shared/card-link.ts';
import { prepareLocalQrReaderWasm } from './qr-reader-setup.ts';

prepareLocalQrReaderWasm();

/**
 * The rear camera (SPEC 2), asked for HD without minimums: the library's own defaults demand at
 * least 640 px of height, which a 640x480 laptop webcam cannot give (OverconstrainedError).
 */
const CAMERA: MediaTrackConstraints = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } };

/** SPEC 9: the reader looks at most every 500 ms. */
const SCAN_DELAY_MS = 500;

/** With allowMultiple the reader reports a code every scan: one unreadable code is reported once in this time, not twice a second. */
const REPEAT_MS = 4000;

/** Whether this browser can open a camera at all (SPEC 2: else the unsupported-browser error). */
const hasMediaDevices = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export interface CardScannerProps {
  /** PUBLIC_URL: only card links of this host are cards (shared/card-link.ts). */
  publicUrl: string;
  /** A card link was read: its card id. Called on every scan while the reader is shown. */
  onCard?: (cardId: string) => void;
  /** A code that is no card link was read (the same code at most once in 4 s). */
  onUnreadable?: () => void;
  /**
   * Issue 36's capture screen: every code's text as read (QR, and the Data Matrix, Aztec and
   * PDF417 codes of fair badges; the same code at most once in 4 s), instead of card links only.
   */
  onCode?: (text: string) => void;
  /** A line above the camera picture. */
  instructions?: string;
}

/**
 * The one QR reader of the app: the register-card screen (SPEC 2) and the operator's console
 * (issue 28) show it. It reads card links with the rear camera, its wasm from this server, and
 * says in the owner's language why the camera did not start.
 */
export default function CardScanner({ publicUrl, onCard, onUnreadable, onCode, instructions }: CardScannerProps) {
  const { t } = useTranslation('register_card');
  const [scanError, setScanError] = useState<string | null>(null);
  const lastRejected = useRef<{ text: string; at: number } | null>(null);

  const onScan = (codes: IDetectedBarcode[]) => {
    const text = codes[0]?.rawValue ?? '';
    const last = lastRejected.current;
    if (last && last.text === text && Date.now() - last.at < REPEAT_MS) return;
    if (onCode) {
      lastRejected.current = { text, at: Date.now() };
      return onCode(text);
    }
    const cardId = parseCardLink(text, publicUrl);
    if (cardId) return onCard?.(cardId);
    lastRejected.current = { text, at: Date.now() };
    onUnreadable?.();
  };

  const onError = (error: IScannerError) => {
    // The cause (a DOMException, a wasm failure) is what support needs; the person gets a sentence.
    console.error('QR reader failed', error.kind, error.cause);
    // A denied permission or a missing camera is what they can act on; say which.
    if (error.kind === 'unsupported' || error.kind === 'insecure-context') setScanError(t('unsupported_browser'));
    else if (error.kind === 'permission-denied') setScanError(t('camera_denied'));
    else if (error.kind === 'no-camera') setScanError(t('camera_missing'));
    else setScanError(t('camera_error', { message: error.message }));
  };

  if (!hasMediaDevices())
    return (
      <p className="alert alert-error" role="alert">
        {t('unsupported_browser')}
      </p>
    );
  return (
    <>
      {instructions && <p className="muted">{instructions}</p>}
      <div className="scanner-frame">
        <Scanner
          onScan={onScan}
          onError={onError}
          formats={onCode ? ['qr_code', 'data_matrix', 'aztec', 'pdf417'] : ['qr_code']}
          constraints={CAMERA}
          scanDelay={SCAN_DELAY_MS}
          retryDelay={SCAN_DELAY_MS}
          allowMultiple
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
  );
}
