import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/support/s3-server.ts';
import { createS3Storage } from './s3.storage.ts';
import { describeStorageContract } from './storage.contract.ts';

// The storage contract against a real S3-compatible server (s3rver, from the npm registry),
// started on a free loopback port for this file.
let s3: TestS3Server;
// Each test gets a fresh bucket, the S3 equivalent of a fresh folder.
const BUCKETS = Array.from({ length: 12 }, (_, i) => `contract-${i}`);
let next = 0;
let bucket: string;
beforeAll(async () => {
  s3 = await startS3Server(BUCKETS);
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(() => {
  bucket = BUCKETS[next++];
});

describeStorageContract('S3', {
  open: () => createS3Storage({ ...s3.settings, bucket }),
  openAgain: () => createS3Storage({ ...s3.settings, bucket }),
  // S3 and MinIO replace an object atomically; s3rver, a test double, writes the file in place.
  skipAtomicReplace: 's3rver writes objects in place',
});

describe('createS3Storage', () => {
  it('fails its readiness check for a bucket that does not exist', async () => {
    await expect(createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });

  it('fails its readiness check, within seconds, when the store does not answer', async () => {
    const started = Date.now();
    await expect(createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:1' }).check()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
