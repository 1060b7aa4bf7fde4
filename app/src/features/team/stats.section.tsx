import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATS_RANGES, type StatsRange } from '../../../../shared/schemas/stats.schema.ts';
import { VISIT_SOURCES } from '../../../../shared/schemas/visit-source.schema.ts';
import { LoadingBlock } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';

/** A table that scrolls sideways inside its card on a narrow screen, the page never does. */
function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // Focusable, so a keyboard can scroll it when it is wider than the screen.
    <div className="team-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="team-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 && typeof rows[0]?.[i] === 'number' ? 'team-number' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={typeof cell === 'number' ? 'team-number' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Issue 24: the organisation's statistics for admins: per member, per card and per source, over 7, 30 or 90 days. */
export function StatsSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('team');
  const { t: tl } = useTranslation('leads');
  const { t: tm } = useTranslation('molecules');
  const [days, setDays] = useState<StatsRange>(30);
  const stats = useQuery({ queryKey: teamKeys.stats(organisationId, days), queryFn: () => teamApi.stats(organisationId, days), staleTime: 0 });
  return (
    <section className="content-card security-section" aria-labelledby="team-stats-title">
      <h2 id="team-stats-title" className="card-title">
        {t('stats_title')}
      </h2>
      <p className="muted">{t('stats_intro')}</p>
      <div className="team-actions team-filter">
        <label htmlFor="team-stats-days">{t('stats_range')}</label>
        <select id="team-stats-days" value={days} onChange={(e) => setDays(Number(e.target.value) as StatsRange)}>
          {STATS_RANGES.map((d) => (
            <option key={d} value={d}>
              {t('stats_days', { count: d })}
            </option>
          ))}
        </select>
      </div>
      {stats.isPending ? (
        <LoadingBlock />
      ) : stats.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(stats.error, tm) })}
        </p>
      ) : (
        <>
          <Table
            caption={t('stats_members')}
            head={[t('stats_member'), t('stats_views'), t('stats_leads'), t('stats_captures'), t('stats_clicks')]}
            rows={stats.data.members.map((m) => [m.former ? t('stats_former', { email: m.email }) : m.email, m.views, m.leads, m.captures, m.clicks])}
          />
          {stats.data.events.length > 0 && (
            <Table caption={t('stats_events')} head={[t('stats_event'), t('stats_captures')]} rows={stats.data.events.map((e) => [e.name, e.captures])} />
          )}
          {stats.data.cards.length > 0 && (
            <Table
              caption={t('stats_cards')}
              head={[t('stats_card'), t('stats_holder'), t('stats_scans')]}
              rows={stats.data.cards.map((c) => [c.cardId, c.memberEmail ?? t('card_unassigned'), c.scans])}
            />
          )}
          <Table
            caption={t('stats_sources')}
            head={[t('stats_source'), t('stats_views')]}
            rows={VISIT_SOURCES.map((s) => [tl(`source.${s}`), stats.data.sources[s]])}
          />
        </>
      )}
    </section>
  );
}
