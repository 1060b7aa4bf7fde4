import { useTranslation } from 'react-i18next';
import type { Stats } from '../../../../shared/schemas/stats.schema.ts';
import { formatDay } from './stats-summary.ts';

/** Issue 36: the contacts captured for this profile in the range, by event and by day (the days with captures, newest first). */
export function CapturesCard({ captures }: { captures: Stats['captures'] }) {
  const { t, i18n } = useTranslation('stats');
  const days = captures.days.filter((d) => d.captured > 0).reverse();
  return (
    <section className="content-card stack" aria-labelledby="stats-captures-title">
      <h2 id="stats-captures-title" className="card-title">
        {t('captures_heading')}
      </h2>
      {captures.events.length === 0 ? (
        <p className="empty-state">{t('empty_captures')}</p>
      ) : (
        <>
          <h3 className="stats-subtitle">{t('captures_by_event')}</h3>
          <ul className="stats-list">
            {captures.events.map((e) => (
              <li key={e.eventId}>
                <span className="stats-list-name">{e.name || t('no_event')}</span>
                <span className="stats-list-count">{t('captured', { count: e.captured })}</span>
              </li>
            ))}
          </ul>
          <h3 className="stats-subtitle">{t('captures_by_day')}</h3>
          <ul className="stats-list">
            {days.slice(0, 14).map((d) => (
              <li key={d.date}>
                <span className="stats-list-name">{formatDay(d.date, i18n.language, true)}</span>
                <span className="stats-list-count">{t('captured', { count: d.captured })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
