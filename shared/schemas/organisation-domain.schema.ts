import { z } from 'zod';
import { reasonSchema } from './operator.schema.ts';
import { idSchema } from './common.schema.ts';

/** Issue 27: the most e-mail domains one organisation may claim. */
export const DOMAIN_MAX_PER_ORGANISATION = 20;

/**
 * Issue 33: an unverified claim holds nothing and expires this many days after it was made; a
 * claim again gets a new token (docs/teams.md "E-mail domains").
 */
export const DOMAIN_CLAIM_DAYS = 7;

/**
 * Public suffixes of two labels under which anyone registers (a claim of `co.uk` would take a
 * whole country's companies). One label (`com`) is refused already: a domain needs a dot.
 */
const PUBLIC_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'com.au', 'net.au', 'org.au', 'co.nz', 'co.jp', 'ne.jp',
  'or.jp', 'com.br', 'com.cn', 'com.tr', 'co.za', 'co.in', 'co.at', 'or.at', 'com.mx', 'com.ar', 'co.kr', 'com.sg', 'com.hk',
  'github.io', 'gitlab.io', 'herokuapp.com', 'netlify.app', 'vercel.app', 'pages.dev', 'blogspot.com', 'azurewebsites.net',
]); // prettier-ignore

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name with a dot (lower-cased, a trailing dot dropped), no public suffix alone. Free-mail
 * providers are refused by the claim itself (server/features/organisations/free-mail.ts: a list
 * of thousands that the owner app need not load).
 */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'must have at most 253 characters')
  .transform((v) => v.replace(/\.$/, ''))
  .refine((v) => v.includes('.') && v.split('.').every((label) => LABEL.test(label)) && /[a-z]/.test(v.split('.').pop()!), 'must be a domain like example.com')
  .refine((v) => !PUBLIC_SUFFIXES.has(v), 'is a public suffix: claim your own domain under it');

export const domainBodySchema = z.object({ organisationId: idSchema, domain: domainSchema });
export type DomainBody = z.infer<typeof domainBodySchema>;
/** An operator's verification (POST /operator/organisation/domain/verify); the reason goes into the operator audit log. */
/** An operator verifies on the organisation's evidence, and says which (issue 28: every support action has a recorded reason). */
export const operatorDomainBodySchema = domainBodySchema.extend({ reason: reasonSchema });
export type OperatorDomainBody = z.infer<typeof operatorDomainBodySchema>;
/**
 * Issue 33: an operator releases a claim (POST /operator/organisation/domain/release): the named
 * organisation's, or without `organisationId` the verified claim that holds the domain.
 */
export const operatorDomainReleaseSchema = z.object({ domain: domainSchema, reason: reasonSchema, organisationId: idSchema.optional() });
export type OperatorDomainRelease = z.infer<typeof operatorDomainReleaseSchema>;

/** A claimed domain and the TXT record that proves it (`verified` is epoch ms, null until proved). */
export const organisationDomainSchema = z.object({
  domain: z.string(),
  txtName: z.string(),
  txtValue: z.string(),
  verified: z.number().nullable(),
  verifiedBy: z.enum(['dns', 'operator']).nullable(),
  /** Issue 33: when an unverified claim expires (epoch ms); null once verified. */
  expires: z.number().nullable(),
});
export type OrganisationDomain = z.infer<typeof organisationDomainSchema>;
export const organisationDomainListSchema = z.object({ domains: z.array(organisationDomainSchema) });
export const domainRemovedSchema = z.object({ domain: z.string(), removed: z.literal(true) });
