import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITIONS, type Edition } from '../../../../shared/schemas/card.schema.ts';
import { MAX_BATCH_COUNT, type Batch } from '../../../../shared/schemas/operator.schema.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { operatorApi, operatorKeys } from './operator.api.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import type { SunRequest } from '../../../../shared/schemas/tap.schema.ts';
import { dateTimeFormatter } from './format.ts';

const HEX32 = /^[0-9a-fA-F]{32}$/;

/** Batches: mint one (edition, count, label), follow its print bundle, download the ZIP. */
export function BatchesSection({ onShowCards }: { onShowCards: (batchId: string) => void }) {
  const { t, i18n } = useTranslation('operator');
  const { t: tc } = useTranslation('cards');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const formatDate = useMemo(() => dateTimeFormatter(i18n.language), [i18n.language]);
  const [edition, setEdition] = useState<Edition>(EDITIONS[0]);
  const [count, setCount] = useState('100');
  const [label, setLabel] = useState('');
  // Issue 39: an organisation's verified page host the cards are printed (and their chips encoded) with.
  const [host, setHost] = useState('');
  const [error, setError] = useState('');
  const [downloading, setDownloading] = useState<string | null>(null);
  // Issue 38: chips with Secure Unique NFC, their keys given by the chip vendor or made here.
  const [sunMode, setSunMode] = useState<'none' | 'given' | 'generate' | 'diversify'>('none');
  const [metaReadKey, setMetaReadKey] = useState('');
  const [fileReadKey, setFileReadKey] = useState('');
  const sun = (): SunRequest | undefined =>
    sunMode === 'none' ? undefined : sunMode === 'given' ? { metaReadKey, fileReadKey } : { generate: true, diversify: sunMode === 'diversify' };

  const batches = useQuery({
    queryKey: operatorKeys.batches(),
    queryFn: operatorApi.batches,
    // While a bundle is being built, its progress is asked for every second.
    refetchInterval: (query) => (query.state.data?.batches.some((b) => b.bundle.state === 'building' || b.bundle.state === 'pending') ? 1000 : false),
  });
  const mint = useMutation({
    mutationFn: () =>
      operatorApi.createBatch({ edition, count: Number(count), label: label.trim(), sun: sun(), ...(host.trim() ? { host: host.trim().toLowerCase() } : {}) }),
    onSuccess: (created) => {
      toast.success(t('minted', { label: label.trim(), count: Number(count) }));
      // The keys are answered this once: saved at once as the chip vendor's encoding bundle.
      if (created.sun) {
        saveBlob(new Blob([JSON.stringify(created.sun, null, 2)], { type: 'application/json' }), `sun-encoding-${created.batchId}.json`);
        toast.success(t('sun_saved'));
        setMetaReadKey('');
        setFileReadKey('');
      }
      setLabel('');
      setHost('');
      return queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
    onError: (e) => setError(errorMessage(e, tm)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    mint.mutate();
  };
  const download = async (batch: Batch) => {
    setDownloading(batch.batchId);
    try {
      await operatorApi.download(`/operator/batch/bundle?batchId=${batch.batchId}`, `cards-${batch.batchId}.zip`);
    } catch (e) {
      toast.error(errorMessage(e, tm));
      void queryClient.invalidateQueries({ queryKey: operatorKeys.batches() });
    } finally {
      setDownloading(null);
    }
  };
  const countOk = Number.isInteger(Number(count)) && Number(count) >= 1 && Number(count) <= MAX_BATCH_COUNT;

  return (
    <div className="stack">
      <form className="content-card stack console-mint" onSubmit={submit} aria-labelledby="console-mint-title">
        <h2 id="console-mint-title">{t('batch_new')}</h2>
        <div className="console-mint-fields">
          <div className="field">
            <label htmlFor="mint-edition">{t('edition_label')}</label>
            <select id="mint-edition" value={edition} onChange={(e) => setEdition(e.target.value as Edition)}>
              {EDITIONS.map((e) => (
                <option key={e} value={e}>
                  {tc(`editions.${e}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mint-count">{t('batch_count')}</label>
            <input id="mint-count" type="number" inputMode="numeric" min={1} max={MAX_BATCH_COUNT} value={count} onChange={(e) => setCount(e.target.value)} />
            <p className="field-hint">{t('batch_count_hint')}</p>
          </div>
          <div className="field">
            <label htmlFor="mint-label">{t('batch_label_field')}</label>
            <input id="mint-label" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} />
            <p className="field-hint">{t('batch_label_hint')}</p>
          </div>
          <div className="field">
            <label htmlFor="mint-host">{t('batch_host')}</label>
            <input
              id="mint-host"
              value={host}
              maxLength={253}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="none"
              inputMode="url"
              placeholder="cards.acme.com"
              onChange={(e) => setHost(e.target.value)}
            />
            <p className="field-hint">{t('batch_host_hint')}</p>
          </div>
          <div className="field">
            <label htmlFor="mint-sun">{t('sun_label')}</label>
            <select id="mint-sun" value={sunMode} onChange={(e) => setSunMode(e.target.value as typeof sunMode)}>
              {(['none', 'given', 'generate', 'diversify'] as const).map((mode) => (
                <option key={mode} value={mode}>
                  {t(`sun_mode.${mode}`)}
                </option>
              ))}
            </select>
            <p className="field-hint">{t('sun_hint')}</p>
          </div>
          {sunMode === 'given' && (
            <div className="console-mint-keys">
              {(['metaReadKey', 'fileReadKey'] as const).map((key) => (
                <div className="field" key={key}>
                  <label htmlFor={`mint-${key}`}>{t(`sun_${key}`)}</label>
                  <input
                    id={`mint-${key}`}
                    value={key === 'metaReadKey' ? metaReadKey : fileReadKey}
                    maxLength={32}
                    spellCheck={false}
                    autoComplete="off"
                    className="console-key"
                    onChange={(e) => (key === 'metaReadKey' ? setMetaReadKey : setFileReadKey)(e.target.value.trim())}
                  />
                </div>
              ))}
            </div>
          )}
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!countOk || !label.trim() || mint.isPending || (sunMode === 'given' && !(HEX32.test(metaReadKey) && HEX32.test(fileReadKey)))}
        >
          {mint.isPending ? t('minting') : t('mint')}
        </button>
      </form>

      {batches.isPending ? (
        <Spinner label={tm('loading')} />
      ) : batches.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(batches.error, tm)}
        </p>
      ) : batches.data.batches.length === 0 ? (
        <p className="empty-state">{t('batches_empty')}</p>
      ) : (
        <ul className="stacked-list" aria-label={t('tabs.batches')}>
          {batches.data.batches.map((batch) => (
            <li key={batch.batchId} className="console-batch-row">
              <div className="console-batch-text">
                <strong>{batch.label}</strong>
                <span className="meta-text">
                  {t('batch_meta', { count: batch.count, edition: tc(`editions.${batch.edition}`), date: formatDate(batch.created), by: batch.createdBy })}
                </span>
                {batch.host && <span className="meta-text console-mono">{t('batch_host_meta', { host: batch.host })}</span>}
                <span className="meta-text" role="status">
                  {t(`bundle_state.${batch.bundle.state}`, { done: batch.bundle.done, total: batch.bundle.total })}
                </span>
                {batch.bundle.state === 'building' && <progress max={batch.bundle.total} value={batch.bundle.done} className="console-progress" />}
              </div>
              <div className="console-batch-actions">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => onShowCards(batch.batchId)}>
                  {t('show_cards')}
                </button>
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={batch.bundle.state === 'building' || batch.bundle.state === 'pending' || downloading === batch.batchId}
                  onClick={() => void download(batch)}
                >
                  {t('download_bundle')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
