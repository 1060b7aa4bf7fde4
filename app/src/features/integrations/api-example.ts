import type { ApiScope } from '../../../../shared/schemas/integrations.schema.ts';

/** What {@link exampleCall} needs to know of the token being made. */
export interface ExampleCallInput {
  /** This server's address as the browser reaches it (the API shares the app's origin). */
  origin: string;
  /** The scopes ticked so far. */
  scopes: readonly ApiScope[];
  /** Set for an organisation's token: it may read that organisation's leads only. */
  organisationId?: string;
  /** Stands for the token in the example (shown once, never in the page afterwards). */
  tokenPlaceholder: string;
}

/** A call each read scope reaches, in the order the example prefers them. */
const READ_CALLS: [ApiScope, string][] = [
  ['leads:read', '/find/own/leads'],
  ['profiles:read', '/find/own/profiles/active'],
  ['cards:read', '/find/own/cards'],
];

/** A call each write scope reaches, with a body of made-up ids, for a token that reads nothing. */
const WRITE_CALLS: [ApiScope, string, string][] = [
  ['leads:write', '/lead/update', '{"leadId":"LEAD_ID","status":"followedUp"}'],
  ['profiles:write', '/profile/activate', '{"profileId":"PROFILE_ID"}'],
];

/**
 * Issue 35: a `curl` line the token being made can really call (the scopes it has, an
 * organisation's token only its leads), against this server, with the token as a placeholder.
 */
export function exampleCall({ origin, scopes, organisationId, tokenPlaceholder }: ExampleCallInput): string {
  const base = origin.replace(/\/+$/, '');
  const auth = `-H "Authorization: Bearer ${tokenPlaceholder}"`;
  if (organisationId) return `curl ${auth} "${base}/find/own/organisation/leads?organisationId=${encodeURIComponent(organisationId)}"`;
  const read = READ_CALLS.find(([scope]) => scopes.includes(scope));
  if (read) return `curl ${auth} ${base}${read[1]}`;
  const write = WRITE_CALLS.find(([scope]) => scopes.includes(scope));
  if (write) return `curl -X POST ${auth} -H "Content-Type: application/json" -d '${write[2]}' ${base}${write[1]}`;
  // Nothing ticked yet: the call most tokens are made for.
  return `curl ${auth} ${base}${READ_CALLS[0][1]}`;
}
