import type { PageDomain, PageDomainCheck } from '../../../shared/schemas/page-domain.schema.ts';
import type { OrganisationPageDomainTable } from '../../db/tables.ts';

/** The name of the TXT record that proves a page host: beside the host, so the host itself may be a CNAME. */
export const txtRecordNameOf = (host: string) => `_contactcards-page.${host}`;

/** Issue 39: the organisation's page host as the owner app shows it (the token only inside the record's value). */
export function presentPageDomain(row: OrganisationPageDomainTable, check: PageDomainCheck | null): PageDomain {
  return {
    host: row.host,
    txtRecordName: txtRecordNameOf(row.host),
    txtRecordValue: `contactcards-page=${row.token}`,
    verified: row.verified !== null,
    verifiedAt: row.verified,
    verifiedBy: row.verifiedBy,
    check,
  };
}
