import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../lib/storage-s3.ts';
import { freePort } from './api-process.ts';

/**
 * A real S3-speaking server for the tests of the S3 store (s3rver: S3's REST API over HTTP with
 * SigV4 signatures checked, path-style buckets, multipart uploads), on a free loopback port with
 * its objects in a temporary folder. Never a mock of the SDK: the store's calls go over HTTP as
 * they would to MinIO or AWS. s3rver accepts only its own key pair, S3RVER / S3RVER.
 */
export type TestS3Server = {
  /** The store configuration that reaches it (path-style, the bucket already made). */
  config: S3StoreConfig;
  /** The environment an API started on it needs (FILE_STORE, S3_*, and its origin in OUTBOUND_ALLOW). */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startS3Server(bucket = 'freightdesk-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fd-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    config: { endpoint, bucket, region: 'us-east-1', credentials, forcePathStyle: true },
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      OUTBOUND_ALLOW: endpoint,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
