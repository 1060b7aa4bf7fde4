import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { MAX_IMAGE_BYTES } from './profile-form.ts';
import { ImageIcon } from '../../components/icons.tsx';

/** Props of {@link ImagePicker}. */
export interface ImagePickerProps {
  /** `image` (profile photo, round preview) or `logo` (shown whole on a light tile). */
  kind: 'image' | 'logo';
  label: string;
  /** Current image URL, or null. */
  src: string | null;
  /** Why the picker cannot be used yet (a new profile must be saved first, SPEC 4). */
  disabledReason?: string;
  /** Sends the chosen file; the picker shows a spinner until it settles. */
  onUpload: (file: File) => Promise<void>;
  /** Called with the file when it is over 5 MB; nothing is sent then (SPEC 5). */
  onTooLarge: (file: File) => void;
  /** Offers a remove button when given (logos, SPEC 2). */
  onRemove?: () => void;
}

/**
 * Image or logo upload with a preview that shows the picture whole, never cropped, so the
 * owner sees exactly what visitors get.
 */
export function ImagePicker({ kind, label, src, disabledReason, onUpload, onTooLarge, onRemove }: ImagePickerProps) {
  const { t } = useTranslation('edit_profile');
  const { t: tm } = useTranslation('molecules');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // SPEC 5: checked before sending, so a 20 MB photo never leaves a phone on mobile data.
    if (file.size > MAX_IMAGE_BYTES) {
      onTooLarge(file);
      return;
    }
    setBusy(true);
    try {
      await onUpload(file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`image-picker image-picker-${kind}`}>
      <div className="image-preview">
        {busy ? (
          <Spinner label={t('uploading')} size={28} />
        ) : src ? (
          <img src={src} alt={kind === 'image' ? t('image_preview_alt') : t('logo_preview_alt')} />
        ) : (
          <ImageIcon />
        )}
      </div>
      <div className="image-picker-body">
        <span className="image-picker-label" id={`${inputId}-label`}>
          {label}
        </span>
        {disabledReason ? (
          <p className="field-hint">{disabledReason}</p>
        ) : (
          <>
            <div className="button-row">
              <label htmlFor={inputId} className={`btn btn-secondary btn-small${busy ? ' disabled' : ''}`}>
                {src ? t('change_image') : t('choose_image')}
              </label>
              {onRemove && src && (
                <button type="button" className="btn btn-ghost btn-small danger" onClick={onRemove} disabled={busy}>
                  {tm('delete')}
                </button>
              )}
            </div>
            <p className="field-hint">{t('image_hint')}</p>
            <input
              ref={input}
              id={inputId}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby={`${inputId}-label`}
              disabled={busy}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </>
        )}
      </div>
    </div>
  );
}
