import { z } from 'zod';
import { idSchema } from './common.schema.ts';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Issue 39: the host name an organisation's members' company pages answer at (`cards.acme.com`):
 * lower-cased, a trailing dot dropped, labels of letters, digits and hyphens, at least two
 * labels, a last label with a letter (so no IPv4 literal; an IPv6 literal has colons). The
 * server refuses more (server/features/page-domains/page-host-rules.ts): public and free-hosting
 * suffixes of the public suffix list, IP literals, the service's own host.
 */
export const pageHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'must have at most 253 characters')
  .transform((v) => v.replace(/\.$/, ''))
  .refine(
    (v) => v.includes('.') && v.split('.').every((label) => LABEL.test(label)) && /[a-z]/.test(v.split('.').pop()!),
    'must be a host name like cards.example.com (no scheme, path or port)',
  );

export const pageDomainSetSchema = z.object({ organisationId: idSchema, host: pageHostSchema });
export type PageDomainSetBody = z.infer<typeof pageDomainSetSchema>;
export const pageDomainOrganisationSchema = z.object({ organisationId: idSchema });

/**
 * What the last DNS check found: `verified`; `missing` (no TXT record at the name); `mismatch`
 * (TXT records, none with the value); `failed` (the lookup itself failed). Null before any check.
 */
export const pageDomainCheckSchema = z.enum(['verified', 'missing', 'mismatch', 'failed']);
export type PageDomainCheck = z.infer<typeof pageDomainCheckSchema>;

/** The organisation's page host and the TXT record that proves it (`verified` is epoch ms, null until proved). */
export const pageDomainSchema = z.object({
  host: z.string(),
  txtRecordName: z.string(),
  txtRecordValue: z.string(),
  verified: z.boolean(),
  verifiedAt: z.number().nullable(),
  verifiedBy: z.enum(['dns', 'operator']).nullable(),
  /** The result of the check this answer comes from (verify only); null otherwise. */
  check: pageDomainCheckSchema.nullable(),
});
export type PageDomain = z.infer<typeof pageDomainSchema>;
/** GET /find/own/organisation/page-domain: the host, or null when none is named. */
export const pageDomainStateSchema = z.object({ pageDomain: pageDomainSchema.nullable() });
export const pageDomainRemovedSchema = z.object({ removed: z.literal(true) });
