import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { teamApi, teamKeys } from './team.api.ts';

/**
 * Issue 24: the organisation's contacts for admins: the leads of the members' company profiles
 * (never private ones), one member's or everyone's, newest first, a page at a time, and as CSV or
 * (issue 35) Excel.
 */
export function LeadsSection({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation('team');
  const { t: tl } = useTranslation('leads');
  const { t: tm } = useTranslation('molecules');
  const [memberId, setMemberId] = useState('');
  const [exporting, setExporting] = useState(false);
  const members = useQuery({ queryKey: teamKeys.members(organisationId), queryFn: () => teamApi.members(organisationId), staleTime: 0 });
  const leads = useInfiniteQuery({
    queryKey: teamKeys.leads(organisationId, memberId),
    queryFn: ({ pageParam }) => teamApi.leads(organisationId, memberId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const list = leads.data?.pages.flatMap((p) => p.leads) ?? [];
  const when = (ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  const exportAs = async (kind: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await teamApi.leadsExport(kind, organisationId, memberId, i18n.language);
    } catch (error) {
      toast.error(errorMessage(error, tm));
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="content-card security-section" aria-labelledby="team-leads-title">
      <div className="section-head">
        <h2 id="team-leads-title" className="card-title">
          {t('leads_title')}
        </h2>
        <div className="team-actions">
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void exportAs('xlsx')} disabled={exporting}>
            {t('leads_export_xlsx')}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void exportAs('csv')} disabled={exporting}>
            {t('leads_export')}
          </button>
        </div>
      </div>
      <p className="muted">{t('leads_intro')}</p>
      <div className="team-actions team-filter team-leads-filter">
        <label htmlFor="team-leads-member">{t('leads_filter')}</label>
        <select id="team-leads-member" value={memberId} onChange={(e) => setMemberId(e.target.value)}>
          <option value="">{t('leads_filter_all')}</option>
          {(members.data?.members ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.email}
            </option>
          ))}
        </select>
      </div>
      {leads.isPending ? (
        <LoadingBlock />
      ) : leads.isError ? (
        <p className="alert alert-error" role="alert">
          {t('load_failed', { message: errorMessage(leads.error, tm) })}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">{t('leads_none')}</p>
      ) : (
        <ul className="session-list" aria-label={t('leads_title')}>
          {list.map((lead) => (
            <li key={lead.id} className="session-row team-row">
              <div className="session-body">
                <span className="session-device team-email">{lead.name ? `${lead.name} · ${lead.email}` : lead.email}</span>
                <span className="meta-text team-email">{t('leads_met_by', { member: lead.memberName || lead.memberEmail, profile: lead.profileName })}</span>
                <span className="meta-text">
                  {when(lead.created)} · {tl(`source.${lead.source}`)} · {lead.consentAt === null ? t('leads_no_consent') : t('leads_consent')}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {leads.hasNextPage && (
        <button type="button" className="btn btn-secondary" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
          {t('leads_more')}
        </button>
      )}
    </section>
  );
}
