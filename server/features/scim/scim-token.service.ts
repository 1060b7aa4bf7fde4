import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { MAX_SCIM_TOKENS_PER_ORGANISATION, SCIM_TOKEN_PREFIX } from '../../../shared/schemas/scim.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { OrganisationService } from '../organisations/index.ts';
import { ScimError } from './scim-error.ts';
import type { ScimRepository } from './scim.repository.ts';

/** Limits of SCIM (docs/security.md). */
export const SCIM_RULES = {
  /** New SCIM tokens per admin and hour. */
  create: { name: 'scim-token-create', max: 20, windowMs: 60 * 60_000 },
  /**
   * Requests per token and minute (100 a second): a first sync of 2,000 users is about 4,000
   * requests and runs through unthrottled (docs/performance.md); beyond it, 429 with Retry-After,
   * which identity providers honour.
   */
  perToken: { name: 'scim-request', max: 6000, windowMs: 60_000 },
  /** Requests with a missing or unknown token per client address and minute: each costs a database read. */
  refusedPerAddress: { name: 'scim-refused', max: 60, windowMs: 60_000 },
} as const satisfies Record<string, RateRule>;

/** lastUsedAt is written at most this often per token (not on every request of a sync). */
const TOUCH_EVERY_MS = 60_000;

/** Who calls: the token's organisation, acting as the admin who made the token. */
export interface ScimContext {
  organisationId: string;
  tokenId: string;
  actor: Owner;
  /** `PUBLIC_URL/scim/v2`, for `meta.location`. */
  baseUrl: string;
  /** Drops remembered sessions here and on every other instance after an offboarding. */
  forgetSessions: () => Promise<void>;
}

export const scimTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issue 27: an organisation's SCIM bearer tokens, made and revoked by its owners and admins in
 * the Team area, shown once and stored as their SHA-256. Every SCIM request reads its token from
 * the database (one indexed query), so a revoked token is refused at once on every instance,
 * and checks that the admin who made it still is one: a token stops with its admin's role.
 */
export function createScimTokenService(deps: { scim: ScimRepository; organisations: OrganisationService; rateLimiter: RateLimiter; publicUrl: string }) {
  const { scim, organisations, rateLimiter } = deps;
  const baseUrl = `${deps.publicUrl}/scim/v2`;
  const unauthorised = () => new ScimError(401, 'A valid SCIM bearer token is required.');
  return {
    baseUrl,
    async create(owner: Owner, input: { organisationId: string; name: string }) {
      const m = await organisations.access(owner, input.organisationId, 'admin');
      await rateLimiter.consume([[SCIM_RULES.create, owner.userId]], 'Too many new SCIM tokens. Please try again later.');
      if ((await scim.countTokens(m.organisationId)) >= MAX_SCIM_TOKENS_PER_ORGANISATION)
        throw new AppError(409, ErrorCode.apiTokenLimitReached, `An organisation may have at most ${MAX_SCIM_TOKENS_PER_ORGANISATION} SCIM tokens.`);
      const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = `scim_${randomId(16)}`;
      await scim.insertToken(
        {
          id,
          organisationId: m.organisationId,
          createdBy: owner.userId,
          name: input.name,
          tokenHash: scimTokenHash(token),
          created: Date.now(),
          lastUsedAt: null,
        },
        organisations.auditWriter(owner, m.organisationId, 'scim-token.create', input.name, id),
      );
      return { tokenId: id, token, baseUrl };
    },
    async list(owner: Owner, organisationId: string) {
      const m = await organisations.access(owner, organisationId, 'admin');
      const rows = await scim.listTokens(m.organisationId);
      return {
        baseUrl,
        tokens: rows.map((r) => ({
          id: r.id,
          name: r.name,
          created: Number(r.created),
          lastUsedAt: r.lastUsedAt === null ? null : Number(r.lastUsedAt),
          createdByEmail: r.createdByEmail,
        })),
      };
    },
    async revoke(owner: Owner, input: { organisationId: string; tokenId: string }) {
      const m = await organisations.access(owner, input.organisationId, 'admin');
      const name = (await scim.listTokens(m.organisationId)).find((t) => t.id === input.tokenId)?.name ?? '';
      const audit = organisations.auditWriter(owner, m.organisationId, 'scim-token.revoke', name, input.tokenId);
      if (!(await scim.deleteToken(m.organisationId, input.tokenId, audit))) throw notFound(ErrorCode.apiTokenNotFound, 'SCIM token not found.');
      return { id: input.tokenId, deleted: true as const };
    },
    /**
     * The caller of a SCIM request, or SCIM's 401; then the per-token limit (429 with Retry-After).
     * `token` is what the one bearer parser (server/auth/bearer-token.ts) read from the request's
     * Authorization header, null without one.
     */
    async authenticate(token: string | null, clientAddress: string, forgetSessions: () => Promise<void>): Promise<ScimContext> {
      const refuse = async () => {
        const counted = await rateLimiter.hit(SCIM_RULES.refusedPerAddress, clientAddress);
        return counted.allowed ? unauthorised() : new ScimError(429, 'Too many requests without a valid token.', undefined, counted.retryAfterSeconds);
      };
      if (!token?.startsWith(SCIM_TOKEN_PREFIX)) throw await refuse();
      const found = await scim.tokenByHash(scimTokenHash(token));
      if (!found) throw await refuse();
      const actor: Owner = { userId: found.createdBy, email: found.email, emailVerified: true };
      try {
        await organisations.access(actor, found.organisationId, 'admin');
      } catch (error) {
        if (error instanceof AppError) throw new ScimError(401, "The token's admin is no longer an owner or admin of the organisation.");
        throw error;
      }
      const counted = await rateLimiter.hit(SCIM_RULES.perToken, found.id);
      if (!counted.allowed) throw new ScimError(429, 'Too many SCIM requests with this token. Please try again later.', undefined, counted.retryAfterSeconds);
      const now = Date.now();
      if (found.lastUsedAt === null || now - Number(found.lastUsedAt) > TOUCH_EVERY_MS) await scim.touchToken(found.id, now);
      return { organisationId: found.organisationId, tokenId: found.id, actor, baseUrl, forgetSessions };
    },
  };
}
export type ScimTokenService = ReturnType<typeof createScimTokenService>;
