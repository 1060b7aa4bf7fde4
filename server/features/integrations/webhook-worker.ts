import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retry-schedule.ts';
import type { AttemptOutcome, ClaimedDelivery, WebhookRepository } from './webhook.repository.ts';
import { sendWebhook, WEBHOOK_TIMEOUT_MS, type SendResult } from './webhook-sender.ts';
import { signedHeaders } from './webhook-signing.ts';
import { endpointDisabledMail } from './webhook-mails.ts';

/** A claimed delivery is this worker's for this long (longer than one attempt can take). */
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
 * Delivers the outbox in the background of every instance (issue 25): every `pollMs` it claims
 * due deliveries (webhook.repository.ts#claimDue) and sends them side by side, not waiting for
 * one batch's answers before claiming the next (runOnce), each signed with
 * the endpoint's secret (and the previous one during a rotation), opened from its sealed form
 * by claimDue; one that does not open is not sent (UNREADABLE_SECRET_ERROR). No request waits for it.
 * Started by server/app.ts, stopped on close (waits for the attempts in flight).
 */
export function createWebhookWorker(deps: {
  webhooks: WebhookRepository;
  mailer: Mailer;
  publicUrl: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  /** The owners and admins of an organisation: they are mailed when its endpoint is disabled. */
  organisationAdmins?: (organisationId: string) => Promise<Array<{ email: string; language: string | null }>>;
  pollMs?: number;
  batch?: number;
  /** At most this many attempts at once (each endpoint at most one batch of them). */
  maxInFlight?: number;
}) {
  const { webhooks, log } = deps;
  const pollMs = deps.pollMs ?? 500;
  const batch = deps.batch ?? 20;
  const maxInFlight = deps.maxInFlight ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let sealing: Promise<unknown> = Promise.resolve();
  let stopped = true;

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
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
    const { disabled } = await webhooks.recordAttempt(delivery, {
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
  }

  /** Attempts in flight, and how many of them go to each endpoint. */
  const inFlight = new Set<Promise<void>>();
  const busy = new Map<string, number>();
  function send(delivery: ClaimedDelivery) {
    busy.set(delivery.endpointId, (busy.get(delivery.endpointId) ?? 0) + 1);
    const sending = attempt(delivery)
      .catch((error: unknown) => log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed to record'))
      .finally(() => {
        inFlight.delete(sending);
        const left = (busy.get(delivery.endpointId) ?? 1) - 1;
        if (left > 0) busy.set(delivery.endpointId, left);
        else busy.delete(delivery.endpointId);
      });
    inFlight.add(sending);
  }

  /**
   * Claims up to one batch of due deliveries and starts sending them without waiting for their
   * answers, so a receiver that is slow or down (each attempt up to 10 s) holds back no other
   * endpoint: the next poll claims again while those attempts hang. An endpoint with attempts in
   * flight here is not claimed again until they end, so it holds at most one batch of them and
   * cannot fill the worker; at most `maxInFlight` attempts run at once. Answers how many were
   * claimed.
   */
  async function runOnce(): Promise<number> {
    const room = Math.min(batch, maxInFlight - inFlight.size);
    if (room <= 0) return 0;
    const now = Date.now();
    const claimed = await webhooks.claimDue(now, now + LEASE_MS, room, [...busy.keys()]);
    claimed.forEach(send);
    return claimed.length;
  }

  const tick = () => {
    running = runOnce()
      .catch((error: unknown) => log.error({ err: error }, 'could not claim webhook deliveries; trying again'))
      .then((claimed) => {
        // A full batch: more may be due, go on at once.
        if (!stopped) timer = setTimeout(tick, claimed === batch ? 0 : pollMs).unref();
      });
  };

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      // Secrets stored plain before they were encrypted are sealed once at each start, beside the
      // deliveries (which read them either way): docs/integrations.md "Secrets at rest".
      sealing = webhooks.sealPlainSecrets().then(
        (sealed) => sealed && log.info({ sealed }, 'webhook secrets stored plain are now encrypted'),
        (error: unknown) => log.error({ err: error }, 'could not encrypt the webhook secrets stored plain; trying again at the next start'),
      );
      timer = setTimeout(tick, pollMs).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await sealing;
      await Promise.all(inFlight);
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
