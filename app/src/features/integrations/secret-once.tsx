import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast.ts';

/** A secret or token shown this once, with a copy button. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    toast.success(t('copied'));
  };
  return (
    <div className="alert alert-success secret-once" role="status">
      <strong>{label}</strong>
      <p>{t('shown_once')}</p>
      <code className="secret-value">{value}</code>
      <div className="integration-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
          {t('copy')}
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}
