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
import type { ApiTokenRow } from '../../db/tables.ts';
import { AppError, badInput, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ApiTokenRepository } from './api-token.repository.ts';

/** Token creations per account and hour. */
export const API_TOKEN_RATE_RULE = { name: 'api-token-create', max: 20, windowMs: 60 * 60 * 1000 } as const;

/** A token for its owner: never the token or its hash. */
function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' ') as ApiScope[],
    created: Number(row.created),
    lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
    organisationId: row.organisationId ?? null,
  };
}

/**
 * Issue 25: the owner's API tokens, shown once, stored as their SHA-256. A revocation is told
 * to every instance (`forgetSessions`), so the token stops working everywhere before it answers.
 */
export function createApiTokenService(deps: {
  tokens: ApiTokenRepository;
  rateLimiter: RateLimiter;
  /** Issue 24: throws unless the owner is an owner or admin of the organisation (404 not a member, 403 a member). */
  organisationAdmin: (owner: Owner, organisationId: string) => Promise<void>;
}) {
  const { tokens, rateLimiter, organisationAdmin } = deps;
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
      await tokens.insert({
        id,
        userId: owner.userId,
        name: input.name,
        tokenHash: apiTokenHash(token),
        scopes: input.scopes.join(' '),
        created: Date.now(),
        lastUsedAt: null,
        organisationId: input.organisationId ?? null,
      });
      return { tokenId: id, token };
    },
    async list(owner: Owner) {
      return { tokens: (await tokens.listOwn(owner.userId)).map(presentApiToken) };
    },
    async revoke(owner: Owner, tokenId: string, forgetSessions: (tellOthers: boolean) => Promise<void>): Promise<{ id: string; deleted: true }> {
      if (!(await tokens.deleteOwn(owner.userId, tokenId))) throw notFound(ErrorCode.apiTokenNotFound, 'API token not found.');
      await forgetSessions(true);
      return { id: tokenId, deleted: true };
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
