import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { InvalidStorageKeyError, contentTypeForKey, isValidStorageKey, type Storage } from './storage.ts';

/**
 * Storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …), for several instances
 * (DESIGN "Scale-out"): every instance reads what any of them stored. A key is the object's
 * key as it is; its content type follows from the extension, as on local disk, and is also
 * stored with the object so the bucket could be served directly.
 *
 * An S3 PUT replaces an object atomically: a reader gets the old bytes or the new, never a mix.
 * Credentials go to the SDK only; nothing here logs them, and errors carry the SDK's message
 * (which names the bucket and key, never the secret).
 */
export function createS3Storage(settings: S3Settings): Storage & { close(): void } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores do not know the
    // CRC32 headers the SDK would otherwise add to every PUT.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails a request in seconds, not minutes (uploads, /media, /readyz).
    requestHandler: { connectionTimeout: 2000, requestTimeout: 15_000 },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;

  function checked(key: string): string {
    if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
    return key;
  }

  return {
    async put(key, data, contentType) {
      checked(key);
      const expected = contentTypeForKey(key);
      if (contentType !== expected) throw new Error(`Content type ${contentType} does not match key ${key} (expected ${expected})`);
      // Keys are never reused for other bytes (storage.ts), so the object may be cached for ever.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },

    async get(key) {
      checked(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { data: Buffer.from(await object.Body.transformToByteArray()), contentType: contentTypeForKey(key) as string };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      checked(key);
      // DeleteObject succeeds for a key that does not exist.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      // Reading a key that is never stored proves the store answers, the bucket exists and the
      // keys are accepted: "no such key" is the healthy answer. (A missing bucket is NoSuchBucket,
      // bad keys 403.) S3 answers 404 rather than 403 for a missing key only with s3:ListBucket.
      try {
        await client.send(new GetObjectCommand({ Bucket, Key: READY_PROBE_KEY }));
      } catch (error) {
        if (!(error instanceof S3ServiceException && error.name === 'NoSuchKey')) throw error;
      }
    },

    close: () => client.destroy(),
  };
}

/** Not a valid storage key (no image extension), so no upload can ever be stored under it. */
const READY_PROBE_KEY = 'readyz-probe';

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  return false;
}
