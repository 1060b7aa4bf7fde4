import { leadListSchema, leadSchema, type LeadStatus } from '../../../../shared/schemas/lead.schema.ts';
import { saveBlob } from '../../lib/save-blob.ts';
import { apiDownloadFile, apiRequest } from '../../lib/api-client.ts';
import type { LeadFilters } from './lead-count.query.ts';

export { leadKeys, type LeadFilters } from './lead-count.query.ts';

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Owner calls of issue 12 on leads. */
/** The lead exports: CSV for imports, Excel for spreadsheets (issue 35), vCards for address books. */
export type LeadExport = 'csv' | 'xlsx' | 'vcf';

export const leadsApi = {
  /** GET /find/own/leads: a page of at most 50, newest first, and the count of new leads. */
  list: (filters: LeadFilters, cursor?: string) =>
    apiRequest(`/find/own/leads${query({ profileId: filters.profileId, q: filters.q.trim(), status: filters.status, cursor })}`, { schema: leadListSchema }),
  /** POST /lead/update. */
  setStatus: (leadId: string, status: LeadStatus) => apiRequest('/lead/update', { body: { leadId, status }, schema: leadSchema }),
  /** POST /lead/delete. */
  remove: (leadId: string) => apiRequest<unknown>('/lead/delete', { body: { leadId } }),
  /** GET /download/leads.csv, .xlsx (issue 35) or .vcf with the bearer token, saved under the server's file name; headers and labels in `lng`. */
  async download(kind: LeadExport, profileId: string, lng: string) {
    const { blob, fileName } = await apiDownloadFile(`/download/leads.${kind}${query({ profileId, lng })}`);
    saveBlob(blob, fileName ?? `leads.${kind}`);
  },
};
