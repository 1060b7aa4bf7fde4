import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatsDay } from '../../../../shared/schemas/stats.schema.ts';
import { DAY_METRICS, formatDay, niceMax, totals } from './stats-summary.ts';

/** Width of one day in the drawing's own units; the SVG stretches to the box (bars only, no text inside). */
const SLOT = 10;
const HEIGHT = 100;

/**
 * Views and link clicks per day as grouped bars, drawn by hand (no chart library: the screen
 * stays small and loads only on its route). Accessible as one image with a title and a
 * description that says what it shows, and as a table of every day and metric for screen
 * readers (visually hidden). The axis labels are HTML beside the drawing, so they keep their
 * size at every width.
 */
export function DayChart({ days }: { days: StatsDay[] }) {
  const { t, i18n } = useTranslation('stats');
  const id = useId();
  const lng = i18n.language;
  const sum = totals(days);
  const top = niceMax(Math.max(...days.map((d) => Math.max(d.views, d.clicks))));
  const from = formatDay(days[0]!.date, lng);
  const to = formatDay(days[days.length - 1]!.date, lng);
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best), days[0]!);
  const barWidth = days.length > 31 ? SLOT * 0.42 : SLOT * 0.34;
  const y = (n: number) => HEIGHT - (n / top) * HEIGHT;

  return (
    <figure className="stats-chart">
      <div className="stats-chart-plot">
        <div className="stats-chart-y" aria-hidden="true">
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          className="stats-chart-svg"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
          preserveAspectRatio="none"
        >
          <title id={`${id}-title`}>{t('chart_title')}</title>
          <desc id={`${id}-desc`}>
            {t('chart_desc', { from, to, views: sum.views, clicks: sum.clicks, max: busiest.views, busiest: formatDay(busiest.date, lng) })}
          </desc>
          {[0, 0.5, 1].map((f) => (
            <line key={f} className="stats-grid" x1={0} x2={days.length * SLOT} y1={HEIGHT * f} y2={HEIGHT * f} vectorEffect="non-scaling-stroke" />
          ))}
          {days.map((d, i) => (
            <g key={d.date}>
              {d.views > 0 && (
                <rect className="stats-bar-views" x={i * SLOT + SLOT / 2 - barWidth} y={y(d.views)} width={barWidth} height={HEIGHT - y(d.views)} />
              )}
              {d.clicks > 0 && <rect className="stats-bar-clicks" x={i * SLOT + SLOT / 2} y={y(d.clicks)} width={barWidth} height={HEIGHT - y(d.clicks)} />}
            </g>
          ))}
        </svg>
        <div className="stats-chart-x" aria-hidden="true">
          <span>{from}</span>
          <span>{to}</span>
        </div>
      </div>
      <figcaption className="stats-legend">
        <span className="stats-key stats-key-views">{t('metrics.views')}</span>
        <span className="stats-key stats-key-clicks">{t('metrics.clicks')}</span>
      </figcaption>
      {/* Hidden through a wrapper: a table grows to its rows whatever height it is given. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('table_caption', { from, to })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              {DAY_METRICS.map((m) => (
                <th key={m} scope="col">
                  {t(`metrics.${m}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">
                  <time dateTime={d.date}>{formatDay(d.date, lng, true)}</time>
                </th>
                {DAY_METRICS.map((m) => (
                  <td key={m}>{d[m]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
