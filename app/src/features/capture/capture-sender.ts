import { CAPTURE_FIELD_NAMES } from '../../../../shared/schemas/capture.schema.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { captureApi } from './capture.api.ts';
import { listQueued, putQueued, removeQueued, type QueuedCapture } from './capture-queue.ts';

/** What a send round did: how many the server took, and whether it stopped early (offline, a limit). */
export interface SendRound {
  sent: number;
  stopped: boolean;
}

const listeners = new Set<() => void>();
/** Tells the screens that show the waiting count that the queue changed. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const queueChanged = () => listeners.forEach((listener) => listener());

/** Whether a failed call is worth another try later (no answer, signed out, a limit, the server's trouble) rather than the capture's fault. */
const isPassing = (error: unknown) =>
  !(error instanceof ApiRequestError) || error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;

/** A photo taken offline is read now; the fields the owner typed win over what was read. */
async function withPhotoRead(capture: QueuedCapture): Promise<QueuedCapture> {
  if (!capture.photo) return capture;
  const answer = await captureApi.read(capture.photo);
  const body = { ...capture.body } as Record<string, unknown>;
  for (const name of CAPTURE_FIELD_NAMES) {
    const typed = typeof body[name] === 'string' ? (body[name] as string).trim() : '';
    if (!typed && answer.fields[name]) body[name] = answer.fields[name];
  }
  // Kept without the photo: a repeated try (the answer lost) does not read it again.
  const read: QueuedCapture = { ...capture, body: body as QueuedCapture['body'], photo: undefined };
  await putQueued(read);
  return read;
}

let running: Promise<SendRound> | null = null;

async function sendAll(userId: string): Promise<SendRound> {
  let sent = 0;
  for (const queued of await listQueued(userId)) {
    if (queued.problem) continue;
    try {
      const capture = await withPhotoRead(queued);
      await captureApi.save(capture.body);
      await removeQueued(capture.clientId);
      sent += 1;
      queueChanged();
    } catch (error) {
      // In order: a capture that must wait (offline, a limit) holds back the ones after it.
      if (isPassing(error)) return { sent, stopped: true };
      await putQueued({ ...queued, problem: error instanceof Error ? error.message : String(error) });
      queueChanged();
    }
  }
  return { sent, stopped: false };
}

/**
 * Sends this owner's waiting captures, oldest first, one at a time. One round at a time in this
 * tab, and across the owner's tabs through a Web Lock where the browser has them; should two
 * rounds still meet, the server keeps one lead per clientId.
 */
export function sendWaiting(userId: string): Promise<SendRound> {
  running ??= (async () => {
    try {
      if (typeof navigator !== 'undefined' && navigator.locks) {
        const round = await navigator.locks.request('cmc-capture-queue', { ifAvailable: true }, (lock) =>
          lock ? sendAll(userId) : { sent: 0, stopped: true },
        );
        return round;
      }
      return await sendAll(userId);
    } finally {
      running = null;
    }
  })();
  return running;
}
