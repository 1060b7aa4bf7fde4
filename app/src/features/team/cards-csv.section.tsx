import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvLineResult } from '../../../../shared/schemas/organisation-card.schema.ts';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi } from './team.api.ts';

/** Assigns cards by a CSV of `cardId,email`, uploaded or pasted; all or nothing, with the refused lines listed. */
export function CardsCsvSection({ organisationId, onDone }: { organisationId: string; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation('team');
  const { t: tm } = useTranslation('molecules');
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<CsvLineResult[]>([]);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setCsv(await file.text());
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setRefused([]);
    try {
      const result = await teamApi.assignCsv(organisationId, csv);
      if (result.assigned > 0) {
        toast.success(t('csv_assigned', { count: result.assigned }));
        setCsv('');
      } else setRefused(result.lines.filter((l) => !l.ok));
    } catch (err) {
      setError(errorMessage(err, tm));
    } finally {
      setBusy(false);
    }
    await onDone();
  };

  return (
    <form className="security-form team-invite" onSubmit={submit}>
      <h3 className="team-subtitle">{t('csv_title')}</h3>
      <p className="field-hint" id="team-csv-hint">
        {t('csv_hint')}
      </p>
      <div className="field">
        <label htmlFor="team-csv-file">{t('csv_file')}</label>
        <input id="team-csv-file" type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void pick(e)} />
      </div>
      <div className="field">
        <label htmlFor="team-csv-text">{t('csv_text')}</label>
        <textarea
          id="team-csv-text"
          rows={4}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          aria-describedby="team-csv-hint"
          placeholder="cardId,email"
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {refused.length > 0 && (
        <div className="alert alert-error" role="alert">
          <p>{t('csv_refused')}</p>
          <ul className="team-csv-lines">
            {refused.map((l) => (
              <li key={l.line}>{t('csv_line', { line: l.line, cardId: l.cardId, email: l.email, reason: t(`csv_error.${l.error ?? 'format'}`) })}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy || !csv.trim()}>
          {t('csv_submit')}
        </button>
      </div>
    </form>
  );
}
