import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { NotFoundContent } from '../../components/not-found-content.tsx';
import { operatorApi, operatorKeys } from './operator.api.ts';
import { InventorySection } from './inventory.section.tsx';
import { BatchesSection } from './batches.section.tsx';
import { FleetStatsSection } from './fleet-stats.section.tsx';
import { AuditSection } from './audit.section.tsx';
import { DomainsSection } from './domains.section.tsx';
import { TapsSection } from './taps.section.tsx';
import './operator.css';
import './taps.css';

const TABS = ['cards', 'batches', 'taps', 'stats', 'domains', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** Issue 28: the operator's console, one screen with six tabs (issue 38's taps among them) (issue 33's e-mail domains among them). The server checks the role on every call. */
export default function ConsolePage() {
  // The tabs' namespaces load with the screen, so opening a tab never suspends the whole console.
  const { t } = useTranslation(['operator', 'cards', 'stats']);
  const { t: tm } = useTranslation('molecules');
  useDocumentTitle(t('title'));
  const [tab, setTab] = useState<Tab>('cards');
  const [batchFilter, setBatchFilter] = useState('');
  const me = useQuery({ queryKey: operatorKeys.me(), queryFn: operatorApi.me, retry: false });

  if (me.isPending) return <Spinner label={tm('loading')} />;
  if (me.isError) {
    const status = me.error instanceof ApiRequestError ? me.error.status : 0;
    if (status === 404) return <NotFoundContent />;
    return (
      <section className="section">
        <h1>{t('title')}</h1>
        <p className="alert alert-error" role="alert">
          {status === 403 ? t('second_factor') : errorMessage(me.error, tm)}
        </p>
        {status === 403 && (
          <Link className="btn btn-primary" to="/security">
            {t('to_security')}
          </Link>
        )}
      </section>
    );
  }

  return (
    <section className="section console" aria-labelledby="console-title">
      <div className="section-head">
        <h1 id="console-title">{t('title')}</h1>
        <span className="muted console-who">{me.data.email}</span>
      </div>
      <div className="console-tabs" role="tablist" aria-label={t('title')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`console-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`console-panel-${name}`}
            className="pill-option console-tab"
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`console-panel-${tab}`} aria-labelledby={`console-tab-${tab}`} className="console-panel">
        {tab === 'cards' && <InventorySection batch={batchFilter} onBatch={setBatchFilter} />}
        {tab === 'batches' && (
          <BatchesSection
            onShowCards={(batchId) => {
              setBatchFilter(batchId);
              setTab('cards');
            }}
          />
        )}
        {tab === 'taps' && <TapsSection />}
        {tab === 'stats' && <FleetStatsSection />}
        {tab === 'domains' && <DomainsSection />}
        {tab === 'audit' && <AuditSection />}
      </div>
    </section>
  );
}
