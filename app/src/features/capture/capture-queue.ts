import type { CaptureSaveInput } from '../../../../shared/schemas/capture-save.schema.ts';

/**
 * Issue 36: captures that wait to be sent, in the browser's IndexedDB (they survive a closed tab
 * and a restarted phone). One row per capture, keyed by its clientId, so a row is sent at most
 * once per try and the server's idempotency by clientId makes a repeated try harmless. Rows are
 * the signed-in owner's own (`userId`): another account signed in on the same phone neither
 * sees nor sends them.
 */
export interface QueuedCapture {
  clientId: string;
  userId: string;
  /** When it was saved on the phone: the queue is sent in this order. */
  queuedAt: number;
  body: CaptureSaveInput;
  /** The card's photo, taken offline: read on the server once online, the owner's typed fields winning. */
  photo?: Blob;
  /** Why the server refused it (a 4xx other than 401 and 429): kept for the owner to see, not sent again. */
  problem?: string;
}

const DB_NAME = 'cmc-capture';
const STORE = 'queue';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'clientId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Keeps a capture (a row with the same clientId is replaced). */
export const putQueued = (capture: QueuedCapture) => run('readwrite', (store) => store.put(capture)).then(() => undefined);

/** Forgets a capture the server has answered. */
export const removeQueued = (clientId: string) => run('readwrite', (store) => store.delete(clientId)).then(() => undefined);

/** This owner's waiting captures, oldest first. */
export async function listQueued(userId: string): Promise<QueuedCapture[]> {
  const rows = (await run('readonly', (store) => store.getAll())) as QueuedCapture[];
  return rows.filter((row) => row.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}
