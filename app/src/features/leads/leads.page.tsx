import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Lead, LeadStatus } from '../../../../shared/schemas/lead.schema.ts';
import { errorMessage } from '../../lib/error-text.ts';
import { leadKeys, leadsApi, type LeadExport, type LeadFilters } from './leads.api.ts';
import { profileKeys, profilesApi, ProfileSelect } from '../profiles/index.ts';
import { Spinner } from '../../components/spinner.tsx';
import { toast } from '../../components/toast.ts';
import { useConfirm } from '../../components/use-confirm.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { LeadDetailsDialog } from './lead-details.dialog.tsx';
import { dateFormatter, leadTitle } from './lead-format.ts';
import './leads.css';
import { TrashIcon } from '../../components/icons.tsx';

/** Issue 12, "Contacts": every lead of the owner's profiles, newest first, with search, filters, status, deletion and exports. */
export default function LeadsPage() {
  const { t, i18n } = useTranslation('leads');
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  const [confirmDialog, confirm] = useConfirm();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<LeadFilters>({ profileId: '', q: '', status: '' });
  const [openId, setOpenId] = useState<string | null>(null);
  const formatDate = useMemo(() => dateFormatter(i18n.language), [i18n.language]);
  useDocumentTitle(t('title'));

  // Search as the owner types, once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.q === search ? f : { ...f, q: search })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const profiles = useQuery({ queryKey: profileKeys.list(), queryFn: profilesApi.list });
  const leads = useInfiniteQuery({
    queryKey: leadKeys.list(filters),
    queryFn: ({ pageParam }) => leadsApi.list(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const all = useMemo(() => leads.data?.pages.flatMap((p) => p.leads) ?? [], [leads.data]);
  const open = all.find((l) => l.id === openId) ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: leadKeys.all });
  const setStatus = useMutation({
    mutationFn: ({ lead, status }: { lead: Lead; status: LeadStatus }) => leadsApi.setStatus(lead.id, status),
    onSuccess: (lead) => {
      toast.success(lead.status === 'followedUp' ? t('marked_followed_up') : t('marked_new'));
      return refresh();
    },
    onError: (error) => toast.error(errorMessage(error, tm)),
  });
  const remove = useMutation({
    mutationFn: (lead: Lead) => leadsApi.remove(lead.id),
    onSuccess: () => {
      setOpenId(null);
      toast.success(t('deleted'));
      return refresh();
    },
    onError: (error) => toast.error(errorMessage(error, tm)),
  });
  const toggle = (lead: Lead) => setStatus.mutate({ lead, status: lead.status === 'new' ? 'followedUp' : 'new' });
  const askDelete = async (lead: Lead) => {
    if (await confirm({ title: t('delete_title'), message: t('delete_text', { name: leadTitle(lead) }), confirmLabel: t('delete') })) remove.mutate(lead);
  };
  const [exporting, setExporting] = useState<LeadExport | null>(null);
  const download = async (kind: LeadExport) => {
    setExporting(kind);
    try {
      await leadsApi.download(kind, filters.profileId, i18n.language);
    } catch (error) {
      toast.error(`${t('export_failed')} ${errorMessage(error, tm)}`);
    } finally {
      setExporting(null);
    }
  };
  const filtered = Boolean(filters.q || filters.status || filters.profileId);

  return (
    <section className="section leads" aria-labelledby="leads-title">
      <div className="section-head">
        <h1 id="leads-title">{t('title')}</h1>
        <div className="leads-exports">
          <Link className="btn btn-primary btn-small" to="/capture">
            {t('capture')}
          </Link>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void download('xlsx')} disabled={exporting !== null}>
            {t('export_xlsx')}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void download('csv')} disabled={exporting !== null}>
            {t('export_csv')}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void download('vcf')} disabled={exporting !== null}>
            {t('export_vcf')}
          </button>
        </div>
      </div>
      <p className="muted">{t('intro')}</p>
      <p className="muted">{t('export_hint')}</p>

      <form className="leads-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field leads-search">
          <label htmlFor="leads-q">{t('search_label')}</label>
          <input id="leads-q" type="search" value={search} placeholder={t('search_placeholder')} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <ProfileSelect
          id="leads-profile"
          label={t('profile_filter_label')}
          emptyLabel={t('all_profiles')}
          value={filters.profileId}
          onChange={(profileId) => setFilters((f) => ({ ...f, profileId }))}
          profiles={profiles.data}
        />
        <div className="field">
          <label htmlFor="leads-status">{t('status_filter_label')}</label>
          <select id="leads-status" value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as LeadFilters['status'] }))}>
            <option value="">{t('all_statuses')}</option>
            <option value="new">{t('status.new')}</option>
            <option value="followedUp">{t('status.followedUp')}</option>
          </select>
        </div>
      </form>

      {leads.isPending ? (
        <Spinner label={tm('loading')} />
      ) : leads.isError ? (
        <p className="alert alert-error" role="alert">
          {errorMessage(leads.error, tm)}
        </p>
      ) : all.length === 0 ? (
        <p className="empty-state">{filtered ? t('no_match') : t('empty')}</p>
      ) : (
        <>
          <ul className="stacked-list" aria-label={t('title')}>
            {all.map((lead) => (
              <li key={lead.id} className={`lead-row${lead.status === 'new' ? ' lead-new' : ''}`}>
                <button type="button" className="lead-open" onClick={() => setOpenId(lead.id)} aria-label={t('open_named', { name: leadTitle(lead) })}>
                  <span className="lead-title">{leadTitle(lead)}</span>
                  <span className="meta-text">{[lead.name.trim() ? lead.email : '', lead.company].filter(Boolean).join(' · ')}</span>
                  <span className="meta-text">
                    {formatDate(lead.created)} · {t('via_profile', { profile: lead.profileName })}
                  </span>
                  {lead.metInPerson && (
                    <span className="badge badge-success lead-met" title={t('met_in_person_hint')}>
                      {t('met_in_person')}
                    </span>
                  )}
                  {lead.method !== 'form' && (
                    <span className="meta-text lead-capture">
                      {[t(`method.${lead.method}`), lead.eventName, ...lead.tags.map((tag) => `#${tag}`)].filter(Boolean).join(' · ')}
                    </span>
                  )}
                  {(lead.message || lead.note) && <span className="lead-message">{lead.message || lead.note}</span>}
                </button>
                <span className={`badge ${lead.status === 'new' ? 'badge-new' : 'badge-neutral'}`}>{t(`status.${lead.status}`)}</span>
                <span className="lead-actions">
                  <button type="button" className="btn btn-secondary btn-small lead-toggle" onClick={() => toggle(lead)} disabled={setStatus.isPending}>
                    {lead.status === 'new' ? t('mark_followed_up') : t('mark_new')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small lead-delete"
                    onClick={() => void askDelete(lead)}
                    aria-label={t('delete_named', { name: leadTitle(lead) })}
                    title={t('delete')}
                  >
                    <TrashIcon />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          {leads.hasNextPage && (
            <div className="button-row center">
              <button type="button" className="btn btn-secondary" onClick={() => void leads.fetchNextPage()} disabled={leads.isFetchingNextPage}>
                {t('load_more')}
              </button>
            </div>
          )}
        </>
      )}

      <LeadDetailsDialog lead={open} onClose={() => setOpenId(null)} onToggleStatus={toggle} formatDate={formatDate} />
      {confirmDialog}
    </section>
  );
}
