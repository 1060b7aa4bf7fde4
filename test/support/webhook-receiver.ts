import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The sender's port on its side of the connection. */
  remotePort: number;
}

/**
 * A real webhook receiver on loopback (issue 25's tests): records every request and answers
 * `status` (200 unless a test sets another), optionally after `delayMs`. `onReceive` runs as a
 * request arrives, while its connection is still open. On `port` when given (a crash test's
 * receiver that comes up after the server went down), else a free one.
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const state: { status: number; delayMs: number; body: string; onReceive?: (r: ReceivedWebhook) => void } = { status: 200, delayMs: 0, body: 'ok' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const r = {
        path: request.url ?? '',
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: request.socket.remotePort ?? 0,
      };
      received.push(r);
      state.onReceive?.(r);
      setTimeout(() => response.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.body), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/hook`,
    port: listening,
    received,
    state,
    /** Waits until a request matching `match` arrived (at most `timeoutMs`). */
    async waitFor(match: (r: ReceivedWebhook) => boolean, timeoutMs = 10_000): Promise<ReceivedWebhook> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching webhook within ${timeoutMs} ms; got ${received.map((r) => r.body).join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
