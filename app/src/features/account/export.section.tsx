import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from './account.api.ts';
import { toast } from '../../components/toast.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { securityErrorText } from './security-errors.ts';

/** Issue 13.2: everything stored about the account as one ZIP. */
export function ExportSection() {
  const { t } = useTranslation('security');
  const { t: tm } = useTranslation('molecules');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await accountApi.exportData();
      saveBlob(blob, fileName ?? 'contact-cards-export.zip');
      toast.success(t('export.done'));
    } catch (error) {
      toast.error(securityErrorText(error, t, tm));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="content-card security-section" aria-labelledby="export-title">
      <h2 id="export-title" className="card-title">
        {t('export.title')}
      </h2>
      <p className="lead">{t('export.intro')}</p>
      <div>
        <button type="button" className="btn btn-primary" onClick={download} disabled={busy} aria-busy={busy}>
          {busy ? t('export.busy') : t('export.button')}
        </button>
      </div>
    </section>
  );
}
