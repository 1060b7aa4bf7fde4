import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '../../../../shared/schemas/operator.schema.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { operatorApi, operatorKeys } from './operator.api.ts';
import { dateTimeFormatter } from './format.ts';

const isKnownAction = (action: string): action is (typeof AUDIT_ACTIONS)[number] => (AUDIT_ACTIONS as readonly string[]).includes(action);

/** The audit log, newest first, and its CSV. Read only: nothing here can change an entry. */
export function AuditSection() {
  const { t, i18n } = useTranslation('operator');
  const { t: tm } = useTranslation('molecules');
  const formatDate = useMemo(() => dateTimeFormatter(i18n.language), [i18n.language]);
  const [exporting, setExporting] = useState(false);
  const audit = useInfiniteQuery({
    queryKey: operatorKeys.audit(),
    queryFn: ({ pageParam }) => operatorApi.audit(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const exportCsv = async () => {
    setExporting(true);
    try {
      await operatorApi.download('/operator/audit?format=csv', 'operator-audit.csv');
    } catch (e) {
      toast.error(errorMessage(e, tm));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="stack">
      <div className="section-head">
        <p className="muted">{t('audit_intro')}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void exportCsv()} disabled={exporting}>
          {t('export_csv')}
        </button>
      </div>
      {audit.isPending ? (
        <Spinner label={tm('loading')} />
      ) : audit.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(audit.error, tm)}
        </p>
      ) : entries.length === 0 ? (
        <p className="empty-state">{t('audit_empty')}</p>
      ) : (
        <ul className="stacked-list" aria-label={t('tabs.audit')}>
          {entries.map((entry) => (
            <li key={entry.id} className="console-audit-row">
              <span className="console-audit-head">
                <strong>{isKnownAction(entry.action) ? t(`audit_action.${entry.action}`) : entry.action}</strong>
                <span className="console-card-id">{entry.target}</span>
              </span>
              <span className="meta-text">
                {formatDate(entry.at)} · {entry.operator}
              </span>
              <span className="console-audit-reason">{entry.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {audit.hasNextPage && (
        <button type="button" className="btn btn-secondary" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
          {t('load_more')}
        </button>
      )}
    </div>
  );
}
