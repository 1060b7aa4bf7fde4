import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../../shared/error-codes.ts';
import {
  API_TOKEN_PREFIX,
  MAX_API_TOKENS_PER_OWNER,
  ORGANISATION_TOKEN_SCOPES,
  type ApiScope,
  type ApiToken,
  type ApiTokenCreate,
} from '../../../shared/schemas/integrations.schema.ts';
import { apiTokenHash, requireConfirmedAddress, type Owner } from '../../auth/owner.guard.ts';

import { AppError, badInput, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ApiTokenRepository, ApiTokenWithMaker } from './api-token.repository.ts';
import type { OrganisationAuditWriter } from './webhook.service.ts';

/** Token creations per account and hour. */
export const API_TOKEN_RATE_RULE = { name: 'api-token-create', max: 20, windowMs: 60 * 60 * 1000 } as const;

/** A token for its owner or its organisation's admins: never the token or its hash. */
function presentApiToken(row: ApiTokenWithMaker): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' ') as ApiScope[],
    created: Number(row.created),
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    organisationId: row.organisationId ?? null,
    createdByEmail: row.createdByEmail,
  };
}

/**
 * Issue 25: the owner's API tokens, shown once, stored as their SHA-256. A revocation is told
 * to every instance (`forgetSessions`), so the token stops working everywhere before it answers.
 * Issue 33: an organisation's tokens are listed to all its owners and admins, any of whom may
 * revoke them, and their creation and revocation are written to the organisation's audit log in
 * the same transaction.
 */
export function createApiTokenService(deps: {
  tokens: ApiTokenRepository;
  rateLimiter: RateLimiter;
  /** Issue 24: throws unless the owner is an owner or admin of the organisation (404 not a member, 403 a member). */
  organisationAdmin: (owner: Owner, organisationId: string) => Promise<void>;
  organisationAudit: OrganisationAuditWriter;
}) {
  const { tokens, rateLimiter, organisationAdmin, organisationAudit } = deps;
  const tokenNotFound = () => notFound(ErrorCode.apiTokenNotFound, 'API token not found.');
  return {
    async create(owner: Owner, input: ApiTokenCreate): Promise<{ tokenId: string; token: string }> {
      requireConfirmedAddress(owner, 'an API token');
      if (input.organisationId) {
        await organisationAdmin(owner, input.organisationId);
        if (input.scopes.some((s) => !ORGANISATION_TOKEN_SCOPES.includes(s)))
          throw badInput('scopes', `an organisation's token may hold only ${ORGANISATION_TOKEN_SCOPES.join(', ')}`);
      }
      await rateLimiter.consume([[API_TOKEN_RATE_RULE, owner.userId]], 'Too many new API tokens. Please try again later.');
      if ((await tokens.countOwn(owner.userId)) >= MAX_API_TOKENS_PER_OWNER)
        throw new AppError(409, ErrorCode.apiTokenLimitReached, `An account may have at most ${MAX_API_TOKENS_PER_OWNER} API tokens.`);
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = `tok_${randomId(16)}`;
      const scopes = input.scopes.join(' ');
      await tokens.insert(
        {
          id,
          userId: owner.userId,
          name: input.name,
          tokenHash: apiTokenHash(token),
          scopes,
          created: Date.now(),
          lastUsedAt: null,
          organisationId: input.organisationId ?? null,
        },
        input.organisationId ? organisationAudit(owner, input.organisationId, 'api-token.create', input.name, `${id}; ${scopes}`) : undefined,
      );
      return { tokenId: id, token };
    },
    /** The caller's own tokens (theirs of an organisation among them), or (admins only) every token of the organisation. */
    async list(owner: Owner, organisationId?: string) {
      if (!organisationId) return { tokens: (await tokens.listOwn(owner.userId)).map(presentApiToken) };
      await organisationAdmin(owner, organisationId);
      return { tokens: (await tokens.listOfOrganisation(organisationId)).map(presentApiToken) };
    },
    /**
     * Revokes the caller's own token, or (with `organisationId`, its owners and admins) any token
     * of the organisation; an organisation's token is audited in the same transaction.
     */
    async revoke(
      owner: Owner,
      input: { tokenId: string; organisationId?: string },
      forgetSessions: (tellOthers: boolean) => Promise<void>,
    ): Promise<{ id: string; deleted: true }> {
      if (input.organisationId) await organisationAdmin(owner, input.organisationId);
      const scope = input.organisationId ? { organisationId: input.organisationId } : { userId: owner.userId };
      const row = await tokens.find(input.tokenId, scope);
      if (!row) throw tokenNotFound();
      const audit = row.organisationId ? organisationAudit(owner, row.organisationId, 'api-token.revoke', row.name, row.id) : undefined;
      if (!(await tokens.delete(row.id, scope, audit))) throw tokenNotFound();
      await forgetSessions(true);
      return { id: input.tokenId, deleted: true };
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
