import { readFileSync } from 'node:fs';
import type { Provider } from '@parse/node-apn';

/** What APNs needs to tell devices that a pass changed (issue 26). */
export interface PassPushSettings {
  keyPath: string;
  keyId: string;
  teamId: string;
  /** The pass type id: the topic of every pass push. */
  passTypeId: string;
  host: string;
  port: number;
  caPath?: string;
}

/**
 * Sends pass-update pushes; answers the push tokens APNs says are gone (the pass left the
 * device), and what it could not take now (no answer, 429, 5xx: worth another try).
 */
export interface PassPusher {
  push(pushTokens: readonly string[]): Promise<{ gone: string[]; failed: string[] }>;
  close(): void;
}

/**
 * Pushes over APNs with token-based authentication (the operator's .p8 key, a JWT per hour),
 * through @parse/node-apn's HTTP/2 client. A pass update is an empty JSON payload on the pass
 * type id's topic, sent as a background push (priority 5): Wallet then asks this server's web
 * service which passes changed and fetches them (apple-web-service.service.ts).
 */
export function createPassPusher(settings: PassPushSettings): PassPusher {
  // The key files are read at start, so a wrong path stops the server at once; node-apn (with
  // node-forge, half a megabyte) loads with the first push instead of with every start.
  const key = readFileSync(settings.keyPath);
  const ca = settings.caPath ? [readFileSync(settings.caPath)] : undefined;
  let provider: Promise<Provider> | undefined;
  const connect = () =>
    (provider ??= import('@parse/node-apn').then(
      ({ default: apn }) =>
        new apn.Provider({
          token: { key, keyId: settings.keyId, teamId: settings.teamId },
          production: true,
          address: settings.host,
          port: settings.port,
          ...(ca ? { ca } : {}),
        }),
    ));
  return {
    async push(pushTokens) {
      if (pushTokens.length === 0) return { gone: [], failed: [] };
      const [{ default: apn }, connected] = await Promise.all([import('@parse/node-apn'), connect()]);
      const note = new apn.Notification();
      note.topic = settings.passTypeId;
      note.pushType = 'background';
      note.priority = 5;
      note.rawPayload = {};
      const result = await connected.send(note, [...pushTokens]);
      const gone = result.failed.filter((failure) => String(failure.status) === '410' || failure.response?.reason === 'Unregistered');
      // No status: the connection failed; 429 and 5xx: APNs is busy. A 400 (a bad token) would fail again.
      const failed = result.failed.filter(
        (failure) => !gone.includes(failure) && (!failure.status || Number(failure.status) === 429 || Number(failure.status) >= 500),
      );
      return {
        gone: gone.map((failure) => failure.device),
        failed: failed.map((failure) => `${failure.status ?? 'no answer'} ${failure.response?.reason ?? failure.error?.message ?? ''}`.trim()),
      };
    },
    close: () => void provider?.then((connected) => connected.shutdown()),
  };
}
