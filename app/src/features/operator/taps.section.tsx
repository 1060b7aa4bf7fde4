import { useMemo, useState, type FormEvent } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/error-text.ts';
import { operatorApi, operatorKeys } from './operator.api.ts';
import { dateTimeFormatter } from './format.ts';

/**
 * Issue 38: verified taps. The clone alerts (cards with replayed or invalid taps in 30 days) and,
 * for the card picked there or typed, each of its taps with what the chip sent.
 */
export function TapsSection() {
  const { t, i18n } = useTranslation('operator');
  const { t: tm } = useTranslation('molecules');
  const formatDate = useMemo(() => dateTimeFormatter(i18n.language), [i18n.language]);
  const [typed, setTyped] = useState('');
  const [cardId, setCardId] = useState('');
  const alerts = useQuery({ queryKey: operatorKeys.tapAlerts(), queryFn: operatorApi.tapAlerts });
  const taps = useInfiniteQuery({
    queryKey: operatorKeys.taps(cardId),
    queryFn: ({ pageParam }) => operatorApi.taps(cardId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(cardId),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setCardId(typed.trim());
  };

  return (
    <div className="stack">
      <section className="content-card stack" aria-labelledby="console-alerts-title">
        <h2 id="console-alerts-title">{t('taps_alerts')}</h2>
        <p className="muted">{t('taps_alerts_intro')}</p>
        {alerts.isPending ? (
          <Spinner label={tm('loading')} />
        ) : alerts.isError ? (
          <p className="alert alert-error" role="alert">
            {errorMessage(alerts.error, tm)}
          </p>
        ) : alerts.data.cards.length === 0 ? (
          <p className="empty-state">{t('taps_alerts_empty')}</p>
        ) : (
          <ul className="stacked-list" aria-label={t('taps_alerts')}>
            {alerts.data.cards.map((card) => (
              <li key={card.cardId} className="console-batch-row">
                <div className="console-batch-text">
                  <strong className="console-mono">{card.cardId}</strong>
                  <span className="meta-text">{t('taps_alert_meta', { replayed: card.replayed, invalid: card.invalid, date: formatDate(card.lastAt) })}</span>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => {
                    setTyped(card.cardId);
                    setCardId(card.cardId);
                  }}
                >
                  {t('taps_show')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="content-card stack" aria-labelledby="console-taps-title">
        <h2 id="console-taps-title">{t('taps_title')}</h2>
        <ul className="console-tap-legend">
          {(['verified', 'replayed', 'invalid'] as const).map((result) => (
            <li key={result}>
              <span className={`console-tap console-tap-${result}`}>{t(`tap_result.${result}`)}</span>: {t(`tap_result_help.${result}`)}
            </li>
          ))}
        </ul>
        <form className="console-taps-form" onSubmit={submit}>
          <div className="field">
            <label htmlFor="taps-card">{t('taps_card')}</label>
            <input id="taps-card" value={typed} maxLength={32} onChange={(e) => setTyped(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!typed.trim()}>
            {t('taps_show')}
          </button>
        </form>
        {!cardId ? null : taps.isPending ? (
          <Spinner label={tm('loading')} />
        ) : taps.isError ? (
          <p className="alert alert-error" role="alert">
            {errorMessage(taps.error, tm)}
          </p>
        ) : taps.data.pages[0]?.taps.length === 0 ? (
          <p className="empty-state">{t('taps_empty')}</p>
        ) : (
          <>
            {/* A list, not a table: at 360 px four columns do not fit; each tap is a time and its result, then what the chip sent. */}
            <ul className="stacked-list console-tap-list" aria-label={t('taps_title')}>
              {taps.data.pages.flatMap((page) =>
                page.taps.map((tap, i) => (
                  <li key={`${tap.at}-${i}`} className="console-tap-row">
                    <span>{formatDate(tap.at)}</span>
                    <span className={`console-tap console-tap-${tap.result}`}>{t(`tap_result.${tap.result}`)}</span>
                    <span className="meta-text console-tap-chip">
                      {tap.uid === null ? (
                        t('taps_unreadable')
                      ) : (
                        <>
                          {t('taps_counter')}: {tap.counter ?? '–'} · {t('taps_uid')}: <span className="console-mono">{tap.uid}</span>
                        </>
                      )}
                    </span>
                  </li>
                )),
              )}
            </ul>
            {taps.hasNextPage && (
              <button type="button" className="btn btn-secondary btn-small" disabled={taps.isFetchingNextPage} onClick={() => void taps.fetchNextPage()}>
                {t('taps_more')}
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
