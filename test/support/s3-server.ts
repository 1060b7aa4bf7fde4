import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../../server/config.ts';

/** A real S3-compatible server on this machine, for tests: s3rver on a free loopback port with files in a temp folder. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** What createS3Storage takes. */
  settings: S3Settings;
  /** The same as environment settings, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver with empty buckets (the first is `bucket`); s3rver accepts the access key S3RVER / S3RVER. */
export async function startS3Server(buckets: string[] = ['cards-test']): Promise<TestS3Server> {
  const bucket = buckets[0];
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    settings: { bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
