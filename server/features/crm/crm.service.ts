import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { CRM_PROVIDERS, type CrmProvider, type CrmSettingsChange } from '../../../shared/schemas/crm.schema.ts';
import { requireConfirmedAddress, type Owner } from '../../auth/owner.guard.ts';
import { badInput, notFound } from '../../http/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Db } from '../../db/database.ts';
import { scopeOf, type CrmConnectionRepository } from './crm-connection.repository.ts';
import { settingsOf, type CrmSyncRepository } from './crm-sync.repository.ts';
import type { CrmProviderClient } from './crm-provider.ts';
import { presentConnection, presentSync } from './crm.presenter.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A connect's state is good for this long, once. */
export const CRM_STATE_MS = 10 * 60 * 1000;

/** Limits per account and hour (docs/security.md "CRM connectors"). */
export const CRM_RATE_RULES = {
  connect: { name: 'crm-connect', max: 20, windowMs: HOUR_MS },
  changes: { name: 'crm-change', max: 60, windowMs: HOUR_MS },
  retries: { name: 'crm-retry', max: 120, windowMs: HOUR_MS },
} as const;

/** 404 `cmc/organisation-not-found` for a non-member, 403 `cmc/forbidden` for a member (the organisations feature answers it). */
export type OrganisationAdminCheck = (owner: Owner, organisationId: string) => Promise<void>;
/** An organisation's audit entry, written inside the change's transaction. */
export type OrganisationAuditWriter = (actor: Owner, organisationId: string, action: string, target: string, detail: string) => (trx: Db) => Promise<void>;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
const connectionNotFound = () => notFound(ErrorCode.crmConnectionNotFound, 'No such CRM connection.');

/**
 * Issue 37: connecting an organisation's (its owners and admins) or an owner's own CRM through
 * the OAuth 2.0 authorization-code flow, its settings, its sync log, and each lead's state.
 * Tokens never leave the server; the callback's state is single use, 10 minutes, and bound to
 * the account and the organisation (whose role is checked again when it comes back).
 */
export function createCrmService(deps: {
  connections: CrmConnectionRepository;
  syncs: CrmSyncRepository;
  providers: Partial<Record<CrmProvider, CrmProviderClient>>;
  rateLimiter: RateLimiter;
  organisationAdmin: OrganisationAdminCheck;
  organisationAudit: OrganisationAuditWriter;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { connections, syncs, providers, rateLimiter, organisationAdmin, organisationAudit } = deps;
  const offered = () => CRM_PROVIDERS.filter((p) => providers[p]);
  const limit = (rule: (typeof CRM_RATE_RULES)[keyof typeof CRM_RATE_RULES], owner: Owner) =>
    rateLimiter.consume([[rule, owner.userId]], 'Too many CRM changes. Please try again later.');
  /** The scope of the call: checks the role for an organisation's. */
  async function scopeFor(owner: Owner, organisationId: string | undefined): Promise<string> {
    if (organisationId) await organisationAdmin(owner, organisationId);
    return scopeOf(owner.userId, organisationId);
  }
  const audit = (owner: Owner, organisationId: string | undefined, action: string, provider: string, detail = '') =>
    organisationId ? organisationAudit(owner, organisationId, action, provider, detail) : undefined;
  async function connection(owner: Owner, provider: CrmProvider, organisationId: string | undefined) {
    const found = await connections.find(await scopeFor(owner, organisationId), provider);
    if (!found) throw connectionNotFound();
    return found;
  }
  const presented = async (row: NonNullable<Awaited<ReturnType<CrmConnectionRepository['find']>>>) => presentConnection(row, await syncs.counts(row.id));
  const backTo = (outcome: string, provider?: string) => `${deps.publicUrl}/integrations?crm=${outcome}${provider ? `&provider=${provider}` : ''}`;

  return {
    offered,
    async connect(owner: Owner, provider: CrmProvider, organisationId?: string): Promise<{ authorizeUrl: string }> {
      requireConfirmedAddress(owner, 'a CRM');
      await scopeFor(owner, organisationId);
      const client = providers[provider];
      if (!client) throw badInput('provider', `${provider} is not configured on this server`);
      await limit(CRM_RATE_RULES.connect, owner);
      const state = randomBytes(32).toString('base64url');
      await connections.saveState({
        stateHash: hashOf(state),
        userId: owner.userId,
        organisationId: organisationId ?? null,
        provider,
        expiresAt: Date.now() + CRM_STATE_MS,
      });
      return { authorizeUrl: client.authorizeUrl(state) };
    },

    /** The provider's redirect back: answers where the browser goes next (the Integrations screen with the outcome). */
    async callback(query: { code?: string; state?: string; error?: string }): Promise<string> {
      const state = query.state ? await connections.takeState(hashOf(query.state), Date.now()) : undefined;
      if (!state) return backTo('expired');
      const provider = state.provider as CrmProvider;
      const client = providers[provider];
      if (query.error || !query.code || !client) return backTo('denied', provider);
      const account = await connections.accountOf(state.userId);
      if (!account) return backTo('expired');
      const owner: Owner = { userId: account.id, email: account.email, emailVerified: Boolean(account.emailVerified) };
      const organisationId = state.organisationId ?? undefined;
      try {
        if (organisationId) await organisationAdmin(owner, organisationId);
      } catch {
        return backTo('forbidden', provider);
      }
      let grant;
      try {
        grant = await client.exchange(query.code);
      } catch (error) {
        deps.log.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'CRM code exchange failed');
        return backTo('failed', provider);
      }
      const { id } = await connections.connect(
        { ...grant, scope: scopeOf(owner.userId, organisationId), provider, userId: owner.userId, organisationId: organisationId ?? null },
        audit(owner, organisationId, 'crm.connect', provider, grant.accountName),
      );
      await syncs.requeue(id);
      return backTo('connected', provider);
    },

    async list(owner: Owner, organisationId?: string) {
      const rows = await connections.list(await scopeFor(owner, organisationId));
      return { offered: offered(), connections: await Promise.all(rows.map(presented)) };
    },

    async disconnect(owner: Owner, provider: CrmProvider, organisationId?: string) {
      const found = await connection(owner, provider, organisationId);
      await limit(CRM_RATE_RULES.changes, owner);
      await connections.remove(found.id, audit(owner, organisationId, 'crm.disconnect', provider));
      return { provider, disconnected: true as const };
    },

    async saveSettings(owner: Owner, change: CrmSettingsChange, organisationId?: string) {
      const found = await connection(owner, change.provider, organisationId);
      await limit(CRM_RATE_RULES.changes, owner);
      const before = settingsOf(found.settings);
      const settings = {
        fields: { ...before.fields, ...change.fields },
        sources: change.sources ?? before.sources,
        leadStatus: change.leadStatus ?? before.leadStatus,
        onDelete: change.onDelete ?? before.onDelete,
      };
      await connections.saveSettings(found.id, settings, audit(owner, organisationId, 'crm.settings', change.provider, JSON.stringify(settings)));
      return presented({ ...found, settings: JSON.stringify(settings) });
    },

    async log(owner: Owner, provider: CrmProvider, organisationId?: string) {
      const found = await connection(owner, provider, organisationId);
      return { syncs: (await syncs.log(found.id)).map(presentSync) };
    },

    async leadSyncs(owner: Owner, leadId: string) {
      return { syncs: (await syncs.forLead(owner.userId, leadId)).map(presentSync) };
    },

    async retry(owner: Owner, leadId: string) {
      await limit(CRM_RATE_RULES.retries, owner);
      const waiting = await syncs.retry(owner.userId, leadId);
      if (waiting === undefined) throw notFound(ErrorCode.leadNotFound, 'Lead not found.');
      return { leadId, waiting };
    },
  };
}
export type CrmService = ReturnType<typeof createCrmService>;
