import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { operatorApi, operatorKeys } from './operator.api.ts';

/** Fleet statistics: counts only, no personal data; the same as CSV. */
export function FleetStatsSection() {
  const { t, i18n } = useTranslation('operator');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const stats = useQuery({ queryKey: operatorKeys.stats(), queryFn: operatorApi.stats });
  const [exporting, setExporting] = useState(false);
  const number = new Intl.NumberFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB');

  if (stats.isPending) return <Spinner label={tm('loading')} />;
  if (stats.isError)
    return (
      <p className="alert alert-error" role="alert">
        {errorMessage(stats.error, tm)}
      </p>
    );
  const s = stats.data;
  const exportCsv = async () => {
    setExporting(true);
    try {
      await operatorApi.download('/operator/stats?format=csv', 'fleet-stats.csv');
    } catch (e) {
      toast.error(errorMessage(e, tm));
    } finally {
      setExporting(false);
    }
  };
  const tiles: [string, number][] = [
    [t('stats_total'), s.cards.total],
    [t('state.registered'), s.cards.registered],
    [t('state.minted'), s.cards.minted],
    [t('stats_organisation'), s.cards.organisation],
    [t('state.blocked'), s.cards.blocked],
    [t('stats_never'), s.cards.neverActivated],
  ];

  return (
    <div className="stack">
      <div className="section-head">
        <h2>{t('stats_cards')}</h2>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void exportCsv()} disabled={exporting}>
          {t('export_csv')}
        </button>
      </div>
      <ul className="console-tiles">
        {tiles.map(([name, value]) => (
          <li key={name} className="content-card console-tile">
            <span className="console-tile-value">{number.format(value)}</span>
            <span className="muted">{name}</span>
          </li>
        ))}
      </ul>
      <div className="console-stat-grid">
        <div className="content-card">
          <h3>{t('stats_by_batch')}</h3>
          <ul className="console-plain-list">
            {s.activationsByBatch.map((b) => (
              <li key={b.batchId ?? '-'}>
                <span>{b.label ?? b.batchId ?? t('no_batch')}</span>
                <span className="muted">{t('stats_activated', { count: number.format(b.count), cards: number.format(b.cards) })}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="content-card">
          <h3>{t('stats_by_edition')}</h3>
          <ul className="console-plain-list">
            {s.activationsByEdition.map((e) => (
              <li key={e.edition}>
                <span>{tc(`editions.${e.edition}` as 'editions.rainbow')}</span>
                <span className="muted">{t('stats_activated', { count: number.format(e.count), cards: number.format(e.cards) })}</span>
              </li>
            ))}
          </ul>
        </div>
        <DayTable title={t('stats_by_day')} rows={s.activationsByDay.map((d) => [d.day, '', d.count])} withSource={false} />
        <DayTable title={t('stats_scans')} rows={s.scansByDay.map((d) => [d.day, d.source, d.count])} withSource />
      </div>
    </div>
  );
}

function DayTable({ title, rows, withSource }: { title: string; rows: [string, string, number][]; withSource: boolean }) {
  const { t } = useTranslation('operator');
  // A scan's source in words, as the owner's statistics name it ("Card tapped (NFC)"); an unknown one as it is stored.
  const { t: ts, i18n } = useTranslation('stats');
  const sourceName = (source: string) => (i18n.exists(`sources.${source}`, { ns: 'stats' }) ? ts(`sources.${source}` as 'sources.nfc') : source);
  return (
    <div className="content-card">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('stats_none')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('column.day')}</th>
                {withSource && <th scope="col">{t('column.source')}</th>}
                <th scope="col">{t('column.count')}</th>
              </tr>
            </thead>
            <tbody>
              {[...rows].reverse().map(([day, source, count]) => (
                <tr key={`${day}/${source}`}>
                  <td>{day}</td>
                  {withSource && <td>{sourceName(source)}</td>}
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
