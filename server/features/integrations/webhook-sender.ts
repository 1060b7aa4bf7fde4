import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { RefusedAddressError, guardedLookup, refusedAddress } from './address-guard.ts';

/** A receiver gets this long to answer, headers and body together. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read. */
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;

export interface SendResult {
  /** The receiver's HTTP status, or null when none came. */
  status: number | null;
  /** The answer's first bytes as text (at most WEBHOOK_MAX_ANSWER_BYTES). */
  body: string;
  durationMs: number;
  /** Why no answer came. */
  error: string | null;
}

/** What a webhook URL may be (issue 25): https, http only when allowed. */
export function urlProblem(url: string, allowHttp: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'https:' && !(allowHttp && parsed.protocol === 'http:')) return allowHttp ? 'must be an http or https URL' : 'must be an https URL';
  if (parsed.username || parsed.password) return 'must not contain a user name or password';
  return undefined;
}

/**
 * POSTs one signed delivery. The address is checked when connecting (a name through the guarded
 * lookup, a literal address here), redirects are not followed (a 3xx is a failed attempt), the
 * answer is read to at most 64 KB, and everything ends after 10 s.
 */
export function sendWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const url = new URL(input.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literalRefused = net.isIP(host) ? refusedAddress(host, input.allowPrivate) : undefined;
    if (literalRefused) return resolve({ status: null, body: '', durationMs: elapsed(), error: `refused: ${literalRefused}` });
    const timer = setTimeout(() => {
      finish({ status: null, body: '', error: `no answer within ${(input.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s` });
      request.destroy();
    }, input.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(input.allowPrivate) as never,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'user-agent': 'contact-cards-webhooks/1',
          'content-length': Buffer.byteLength(input.body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? null;
        const text = () => Buffer.concat(chunks).toString('utf8');
        response.on('data', (chunk: Buffer) => {
          const room = WEBHOOK_MAX_ANSWER_BYTES - size;
          chunks.push(chunk.subarray(0, Math.max(0, room)));
          size += chunk.length;
          if (size >= WEBHOOK_MAX_ANSWER_BYTES) {
            finish({ status, body: text(), error: null });
            request.destroy();
          }
        });
        response.on('end', () => finish({ status, body: text(), error: null }));
        response.on('error', (error) => finish({ status, body: text(), error: error.message }));
      },
    );
    request.on('error', (error) =>
      finish({ status: null, body: '', error: error instanceof RefusedAddressError ? `refused: ${error.message}` : error.message }),
    );
    request.end(input.body);
  });
}
