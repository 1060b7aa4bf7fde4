import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownloadFile } from '../../lib/api-client.ts';
import { toast } from '../../components/toast.ts';
import { saveBlob } from '../../lib/save-blob.ts';

const LAYOUTS = ['left', 'right', 'minimal'] as const;
const THEMES = ['light', 'dark'] as const;
const SIZES = ['1920x1080', '1280x720'] as const;

/**
 * Issue 26: a video-call background of the profile (name, job title, company, logo and a QR code
 * to the page with `?src=background`), drawn by the server in the chosen look and saved as PNG.
 */
export function BackgroundSection({ profileId }: { profileId: string }) {
  const { t } = useTranslation('my_profile');
  const [layout, setLayout] = useState<(typeof LAYOUTS)[number]>('left');
  const [theme, setTheme] = useState<(typeof THEMES)[number]>('light');
  const [size, setSize] = useState<(typeof SIZES)[number]>('1920x1080');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const query = new URLSearchParams({ profileId, layout, theme, size });
      const { blob, fileName } = await apiDownloadFile(`/find/own/profile/background.png?${query}`);
      saveBlob(blob, fileName ?? 'Background.png');
    } catch {
      toast.error(t('share.background.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stack-sm" aria-labelledby="share-background">
      <h3 id="share-background">{t('share.background.title')}</h3>
      <p className="muted">{t('share.background.intro')}</p>
      <div className="background-options">
        <label>
          {t('share.background.layout')}
          <select value={layout} onChange={(e) => setLayout(e.target.value as typeof layout)}>
            {LAYOUTS.map((value) => (
              <option key={value} value={value}>
                {t(`share.background.layouts.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('share.background.theme')}
          <select value={theme} onChange={(e) => setTheme(e.target.value as typeof theme)}>
            {THEMES.map((value) => (
              <option key={value} value={value}>
                {t(`share.background.themes.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('share.background.size')}
          <select value={size} onChange={(e) => setSize(e.target.value as typeof size)}>
            {SIZES.map((value) => (
              <option key={value} value={value}>
                {value.replace('x', ' × ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()} disabled={busy} aria-busy={busy}>
          {busy ? t('share.background.busy') : t('share.background.download')}
        </button>
      </div>
    </section>
  );
}
