import { z } from 'zod';
import { reasonSchema } from './operator.schema.ts';
import { idSchema } from './common.schema.ts';

/** Issue 27: the most e-mail domains one organisation may claim. */
export const DOMAIN_MAX_PER_ORGANISATION = 20;

/** Free-mail providers: anyone can have an address there, so nobody may claim them. */
export const FREE_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'gmx.de',
  'web.de',
  't-online.de',
];

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

/** A host name with a dot (lower-cased, a trailing dot dropped), no public suffix alone, no free-mail provider. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'must have at most 253 characters')
  .transform((v) => v.replace(/\.$/, ''))
  .refine((v) => v.includes('.') && v.split('.').every((label) => LABEL.test(label)) && /[a-z]/.test(v.split('.').pop()!), 'must be a domain like example.com')
  .refine((v) => !PUBLIC_SUFFIXES.has(v), 'is a public suffix: claim your own domain under it')
  .refine((v) => !FREE_MAIL_DOMAINS.includes(v), 'is a free-mail provider anyone can have an address at');

export const domainBodySchema = z.object({ organisationId: idSchema, domain: domainSchema });
export type DomainBody = z.infer<typeof domainBodySchema>;
/** An operator's verification (POST /operator/organisation/domain/verify); the reason goes into the operator audit log. */
/** An operator verifies on the organisation's evidence, and says which (issue 28: every support action has a recorded reason). */
export const operatorDomainBodySchema = domainBodySchema.extend({ reason: reasonSchema });
export type OperatorDomainBody = z.infer<typeof operatorDomainBodySchema>;

/** A claimed domain and the TXT record that proves it (`verified` is epoch ms, null until proved). */
export const organisationDomainSchema = z.object({
  domain: z.string(),
  txtName: z.string(),
  txtValue: z.string(),
  verified: z.number().nullable(),
  verifiedBy: z.enum(['dns', 'operator']).nullable(),
});
export type OrganisationDomain = z.infer<typeof organisationDomainSchema>;
export const organisationDomainListSchema = z.object({ domains: z.array(organisationDomainSchema) });
export const domainRemovedSchema = z.object({ domain: z.string(), removed: z.literal(true) });
