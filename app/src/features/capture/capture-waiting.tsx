import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useCaptureQueue } from './use-capture-queue.ts';

/** Whether the browser says it is online, kept current. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * Issue 36: what waits on this phone: "Offline", the count of captures not yet sent (with a
 * "Send now"), and each capture the server refused with its reason and a way to drop it.
 */
export function CaptureWaiting({ queue }: { queue: ReturnType<typeof useCaptureQueue> }) {
  const { t } = useTranslation('capture');
  const online = useOnline();
  if (online && !queue.waiting && !queue.refused.length) return null;
  return (
    <div className="capture-waiting">
      <p role="status" className={`capture-waiting-count${online ? '' : ' is-offline'}`}>
        {!online && <strong>{t('offline')} </strong>}
        {queue.waiting > 0 ? t('waiting', { count: queue.waiting }) : t('offline_hint')}
        {online && queue.waiting > 0 && (
          <button type="button" className="btn btn-ghost btn-small" disabled={queue.sending} onClick={() => void queue.send()}>
            {queue.sending ? t('sending') : t('send_now')}
          </button>
        )}
      </p>
      {queue.refused.length > 0 && (
        <ul className="capture-refused">
          {queue.refused.map((item) => (
            <li key={item.clientId}>
              <span>
                {t('refused', { name: [item.body.firstName, item.body.lastName].filter(Boolean).join(' ') || item.body.email || '—' })} {item.problem}
              </span>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => void queue.discard(item.clientId)}>
                {t('discard')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
