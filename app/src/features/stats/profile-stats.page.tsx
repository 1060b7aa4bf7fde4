import { lazy, Suspense } from 'react';
import { CapturesCard } from './captures-card.tsx';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATS_RANGES, type Stats, type StatsRange } from '../../../../shared/schemas/stats.schema.ts';
import { VISIT_SOURCES } from '../../../../shared/schemas/visit-source.schema.ts';
import { cardKeys, cardsApi } from '../cards/index.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { profileKeys, profileLabel, profilesApi } from '../profiles/index.ts';
import { useAuth } from '../auth/index.ts';
import { statsApi, statsKeys } from './stats.api.ts';
import { LoadingBlock, Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { DAY_METRICS, isEmpty, totals } from './stats-summary.ts';
import './stats.css';

// The drawing is only needed once there is something to draw.
const DayChart = lazy(() => import('./day-chart.tsx').then((m) => ({ default: m.DayChart })));

const isRange = (n: number): n is StatsRange => (STATS_RANGES as readonly number[]).includes(n);

/**
 * Issue 12: a profile's statistics — views, saves, reminders, contact exchanges, wallet passes
 * and link clicks per day, where the views came from, the most clicked links and the cards that
 * were scanned, over 7, 30 or 90 days. The range lives in the URL (`?days=30`).
 */
export default function ProfileStatsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('stats');
  const { t: tm } = useTranslation('molecules');
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days: StatsRange = isRange(asked) ? asked : 30;
  const profile = useQuery({ queryKey: profileKeys.detail(id), queryFn: () => profilesApi.byId(id) });
  const timeZone = useAuth().user?.timeZone;
  const stats = useQuery({
    queryKey: statsKeys.profile(id, days, timeZone),
    queryFn: () => statsApi.ofProfile(id, days),
    placeholderData: (previous) => previous,
  });
  const name = profile.data ? profileLabel(profile.data) : '';
  useDocumentTitle(name ? t('title_named', { name }) : t('title'));

  const back = (
    <Link to="/" className="back-link">
      ← {tm('back_to_overview')}
    </Link>
  );
  if (stats.isPending) return <LoadingBlock />;
  if (stats.isError) {
    return (
      <div className="content-card stack">
        <p className="alert alert-error" role="alert">
          {errorMessage(stats.error, tm)}
        </p>
        {back}
      </div>
    );
  }

  const data = stats.data;
  const sum = totals(data.days);
  return (
    <div className="stats-page stack-lg">
      <div className="page-head">
        {back}
        <h1 id="stats-title">{name ? t('title_named', { name }) : t('title')}</h1>
        <p className="muted">{t('intro', { zone: data.timeZone })}</p>
      </div>

      <div className="stats-range" role="group" aria-label={t('range_label')}>
        {STATS_RANGES.map((n) => (
          <button key={n} type="button" className="pill-option" aria-pressed={n === days} onClick={() => setParams({ days: String(n) }, { replace: true })}>
            {t('range_days', { count: n })}
          </button>
        ))}
        {stats.isFetching && <Spinner label={tm('loading')} size={20} />}
      </div>

      <section className="content-card stack" aria-labelledby="stats-days-title">
        <h2 id="stats-days-title" className="card-title">
          {t('days_heading', { count: days })}
        </h2>
        <dl className="stats-totals">
          {DAY_METRICS.map((m) => (
            <div key={m} className="stats-total">
              <dt>{t(`metrics.${m}`)}</dt>
              <dd>{sum[m]}</dd>
            </div>
          ))}
        </dl>
        {isEmpty(data) ? (
          <p className="empty-state">{t('empty_days')}</p>
        ) : (
          <Suspense fallback={<Spinner label={tm('loading')} />}>
            <DayChart days={data.days} />
          </Suspense>
        )}
      </section>

      <div className="stats-columns">
        <Sources sources={data.sources} />
        <TopLinks links={data.links} />
        <Cards cards={data.cards} />
        <CapturesCard captures={data.captures} />
      </div>
    </div>
  );
}

function Sources({ sources }: { sources: Stats['sources'] }) {
  const { t } = useTranslation('stats');
  const all = VISIT_SOURCES.reduce((n, s) => n + sources[s], 0);
  const rows = [...VISIT_SOURCES].sort((a, b) => sources[b] - sources[a]);
  return (
    <section className="content-card stack" aria-labelledby="stats-sources-title">
      <h2 id="stats-sources-title" className="card-title">
        {t('sources_heading')}
      </h2>
      {all === 0 ? (
        <p className="empty-state">{t('empty_sources')}</p>
      ) : (
        <ul className="stats-bars">
          {rows.map((s) => (
            <li key={s}>
              <span className="stats-bar-label">
                <span>{t(`sources.${s}`)}</span>
                <span className="meta-text">{t(`source_hints.${s}`)}</span>
              </span>
              <span className="stats-bar-value">{t('views_share', { count: sources[s], percent: Math.round((sources[s] / all) * 100) })}</span>
              <span className="stats-bar-track" aria-hidden="true">
                <span className="stats-bar-fill" style={{ width: `${(sources[s] / all) * 100}%` }} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TopLinks({ links }: { links: Stats['links'] }) {
  const { t } = useTranslation('stats');
  return (
    <section className="content-card stack" aria-labelledby="stats-links-title">
      <h2 id="stats-links-title" className="card-title">
        {t('links_heading')}
      </h2>
      {links.length === 0 ? (
        <p className="empty-state">{t('empty_links')}</p>
      ) : (
        <ol className="stats-list">
          {links.slice(0, 10).map((l) => (
            <li key={l.socialMediaLinkId}>
              <span className="stats-list-name">{l.name}</span>
              <span className="stats-list-count">{t('clicks', { count: l.clicks })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Cards({ cards }: { cards: Stats['cards'] }) {
  const { t } = useTranslation('stats');
  const { t: tc } = useTranslation('cards');
  const owned = useQuery({ queryKey: cardKeys.list(), queryFn: cardsApi.list });
  const editionOf = (cardId: string) => owned.data?.find((c) => c.cardId === cardId)?.typeName;
  return (
    <section className="content-card stack" aria-labelledby="stats-cards-title">
      <h2 id="stats-cards-title" className="card-title">
        {t('cards_heading')}
      </h2>
      {cards.length === 0 ? (
        <p className="empty-state">{t('empty_cards')}</p>
      ) : (
        <ul className="stats-list">
          {cards.map((c) => {
            const edition = editionOf(c.cardId);
            return (
              <li key={c.cardId}>
                <span className="stats-list-name">
                  {edition ? <Link to={`/my-card/${encodeURIComponent(c.cardId)}`}>{tc(`editions.${edition}`)}</Link> : t('card_elsewhere')}
                  <span className="stats-card-id">{c.cardId}</span>
                </span>
                <span className="stats-list-count">{t('scans', { count: c.views })}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
