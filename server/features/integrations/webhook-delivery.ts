import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import type { HandlerResult, Outbox } from '../../outbox/outbox.ts';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt, WEBHOOK_RETRY_POLICY } from './retry-schedule.ts';
import type { AttemptOutcome, ClaimedDelivery, WebhookRepository } from './webhook.repository.ts';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type SendResult } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';
import { endpointDisabledMail } from './webhook-mails.ts';

/** A claimed delivery is its worker's for this long (longer than one attempt can take). */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 6;
/** The log keeps this much of an answer. */
const LOGGED_ANSWER_CHARS = 4096;
/** The attempt's error when the endpoint's secret does not open with this server's key: nothing is sent unsigned. */
export const UNREADABLE_SECRET_ERROR =
  "not sent: the endpoint's secret cannot be decrypted with this server's AUTH_SECRET (changed since the secret was made); make a new secret";

/** What one attempt's answer means for the delivery (issue 25): a 2xx ends it, a 410 disables the endpoint. */
export function outcomeOf(
  result: SendResult,
  delivery: Pick<ClaimedDelivery, 'attempts'>,
  failingSince: number | null,
  now: number,
): Pick<AttemptOutcome, 'status' | 'nextAttemptAt' | 'disable'> {
  if (result.status !== null && result.status >= 200 && result.status < 300) return { status: 'delivered', nextAttemptAt: null };
  if (result.status === 410) return { status: 'failed', nextAttemptAt: null, disable: 'gone' };
  const next = nextAttemptAt(delivery.attempts + 1, now);
  const disable = now - (failingSince ?? now) >= DISABLE_AFTER_FAILING_MS ? 'failing' : undefined;
  return next === null || disable ? { status: 'failed', nextAttemptAt: null, disable } : { status: 'pending', nextAttemptAt: next };
}

/**
 * Sends webhook deliveries (issue 25) as the handler of the platform outbox's `webhook.delivery`
 * messages (issue 34, docs/outbox.md): the outbox's worker claims them with a lease and runs
 * this side by side, at most one batch per endpoint at once. Each delivery is signed with the
 * endpoint's secret (and the previous one during a rotation), opened from its sealed form; one
 * that does not open is not sent (UNREADABLE_SECRET_ERROR). The attempt is logged on the
 * delivery; a failure is tried again on the webhooks' schedule (retry-schedule.ts), a delivery
 * given up is the outbox's dead letter, and an endpoint failing for five days or answering 410
 * is disabled and its owner mailed.
 */
export function registerWebhookDelivery(
  outbox: Pick<Outbox, 'handle'>,
  deps: {
    webhooks: WebhookRepository;
    mailer: Mailer;
    publicUrl: string;
    allowPrivate: boolean;
    log: FastifyBaseLogger;
    /** The owners and admins of an organisation: they are mailed when its endpoint is disabled. */
    organisationAdmins?: (organisationId: string) => Promise<Array<{ email: string; language: string | null }>>;
  },
): void {
  const { webhooks, log } = deps;

  async function attempt(delivery: ClaimedDelivery): Promise<HandlerResult> {
    const now = Date.now();
    if (delivery.secret === null) log.warn({ endpointId: delivery.endpointId }, 'webhook secret does not open with this AUTH_SECRET');
    const secrets = delivery.secret === null ? [] : [delivery.secret];
    if (secrets.length && delivery.previousSecret && (delivery.previousSecretUntil ?? 0) > now) secrets.push(delivery.previousSecret);
    const headers = secrets.length ? signedHeaders({ id: delivery.id, body: delivery.payload, secrets, at: new Date(now) }) : {};
    const result: SendResult = secrets.length
      ? await sendWebhook({ url: delivery.url, headers, body: delivery.payload, allowPrivate: deps.allowPrivate })
      : { status: null, body: '', durationMs: 0, error: UNREADABLE_SECRET_ERROR };
    const state = await webhooks.endpointState(delivery.endpointId);
    const outcome = outcomeOf(result, delivery, state?.failingSince ?? null, now);
    const { recorded, disabled } = await webhooks.recordAttempt(delivery, {
      ...outcome,
      attemptedAt: now,
      durationMs: result.durationMs,
      responseStatus: result.status,
      error: result.error,
      requestHeaders: secrets.length ? { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/,[^ ]+/g, ',…') } : {},
      responseBody: result.body.slice(0, LOGGED_ANSWER_CHARS),
    });
    if (disabled && state) {
      log.warn({ endpointId: delivery.endpointId, reason: outcome.disable }, 'webhook endpoint disabled');
      // An owner's endpoint: the owner; an organisation's: its owners and admins.
      const recipients = state.organisationId ? ((await deps.organisationAdmins?.(state.organisationId)) ?? []) : [state];
      for (const to of recipients)
        await deps.mailer.send(
          endpointDisabledMail({
            to: to.email,
            language: to.language,
            url: state.url,
            reason: outcome.disable!,
            organisation: Boolean(state.organisationId),
            appUrl: `${deps.publicUrl}/integrations`,
          }),
        );
    }
    const answer = `${result.status ?? 'no answer'}${result.error ? ` ${result.error}` : ''}`;
    // Redelivered or deleted meanwhile: that is the delivery's state now, not this attempt's.
    if (!recorded || outcome.status === 'delivered') return;
    if (outcome.status === 'pending') return { retryAt: outcome.nextAttemptAt!, error: answer };
    return { dead: outcome.disable ? `endpoint disabled (${outcome.disable}): ${answer}` : `given up: ${answer}` };
  }

  outbox.handle(
    'webhook.delivery',
    async ({ deliveryId }) => {
      const delivery = await webhooks.forAttempt(deliveryId);
      // Nothing to send: gone with its endpoint, redelivered under a message of its own, or the endpoint is disabled.
      return delivery ? attempt(delivery) : undefined;
    },
    { policy: WEBHOOK_RETRY_POLICY, leaseMs: LEASE_MS },
  );
}
