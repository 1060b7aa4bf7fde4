import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { captureKeys } from './capture.api.ts';
import { listQueued, putQueued, removeQueued, type QueuedCapture } from './capture-queue.ts';
import { onQueueChange, queueChanged, sendWaiting } from './capture-sender.ts';

/** How often waiting captures are tried again while the screen is open (besides the browser's "online"). */
const RETRY_MS = 30_000;

/**
 * Issue 36: the owner's waiting captures for the capture screen: the list (for the count and
 * the ones the server refused), `queue` to keep one, and sending whenever the browser is back
 * online, the screen opens, something is queued, and every 30 s while any waits.
 */
export function useCaptureQueue(userId: string | undefined) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<QueuedCapture[]>([]);
  const [sending, setSending] = useState(false);

  const reload = useCallback(async () => {
    if (!userId) return;
    setItems(await listQueued(userId).catch(() => []));
  }, [userId]);

  const send = useCallback(async () => {
    if (!userId) return;
    setSending(true);
    try {
      const round = await sendWaiting(userId);
      if (round.sent > 0) {
        await queryClient.invalidateQueries({ queryKey: ['leads'] });
        await queryClient.invalidateQueries({ queryKey: captureKeys.events });
      }
    } catch {
      // IndexedDB refused (private mode): nothing waits then.
    } finally {
      setSending(false);
      await reload();
    }
  }, [userId, queryClient, reload]);

  useEffect(() => {
    // The first look (and send) once the screen is shown, as a task: no state is set during the effect.
    const first = window.setTimeout(() => void reload().then(send), 0);
    const stop = onQueueChange(() => void reload());
    const online = () => void send();
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(first);
      stop();
      window.removeEventListener('online', online);
    };
  }, [reload, send]);

  const waiting = items.filter((item) => !item.problem).length;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, send]);

  return {
    items,
    waiting,
    refused: items.filter((item) => item.problem),
    sending,
    send,
    /** Keeps a capture on the phone and tries to send it (and any before it) at once. */
    async queue(capture: Omit<QueuedCapture, 'userId' | 'queuedAt'>) {
      if (!userId) return;
      await putQueued({ ...capture, userId, queuedAt: Date.now() });
      queueChanged();
      void send();
    },
    /** Drops a capture the server refused. */
    async discard(clientId: string) {
      await removeQueued(clientId);
      queueChanged();
    },
  };
}
