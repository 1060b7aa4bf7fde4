import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read (and dropped) before the answer, at most, and for how long. */
export const DRAIN_LIMIT = { bytes: 8 * 1024 * 1024, ms: 5_000 } as const;

/**
 * Reads and drops the rest of a request body the server refused (413), up to a bound, so the
 * answer can be read: closing a socket with unread data makes the kernel reset the connection,
 * and a client still sending then sees EPIPE and loses the answer. Past the bound (a huge or
 * endless body) the answer goes out and the connection closes anyway.
 */
export function drainRequest(raw: IncomingMessage, limit: { bytes: number; ms: number } = DRAIN_LIMIT): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit.bytes) finish();
    };
    const timer = setTimeout(finish, limit.ms);
    raw.on('data', onData).once('end', finish).once('error', finish).once('close', finish);
    raw.resume();
  });
}
