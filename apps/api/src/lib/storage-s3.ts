import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, type Storage, StorageNotFoundError } from './storage.ts';

/** An S3-compatible bucket (config-storage.ts reads it from S3_*). */
export type S3StoreConfig = {
  /** The S3 API's origin (MinIO, Ceph, R2, a test server); unset: AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

export type S3StoreOptions = {
  /** Bodies larger than this go up in parts of this size (S3's least is 5 MiB). */
  partSize?: number;
  /** Parts in flight at once for one upload: memory is partSize × queueSize per upload. */
  queueSize?: number;
  /** How every connection resolves the endpoint's host (operatorLookup: OUTBOUND_ALLOW's gate). */
  lookup?: LookupFunction;
};

export type S3Storage = Storage & {
  client: S3Client;
  bucket: string;
  /** The size of the object under `key`, or undefined when there is none. */
  sizeOf(key: string): Promise<number | undefined>;
  /** The object's size and the sha256 it was stored with (putWithSha256), or undefined when there is none. */
  headOf(key: string): Promise<{ size: number; sha256?: string } | undefined>;
  /** `put`, recording the body's sha256 (hex) on the object for later comparison (files-to-s3). */
  putWithSha256(key: string, body: Readable, sha256: string): Promise<void>;
  close(): void;
};

const MIB = 1024 * 1024;

/**
 * The client: checksums only where S3 requires them (the SDK's default trailing CRC32 in
 * aws-chunked bodies is refused by several S3-compatible servers; the move verifies by sha256),
 * keep-alive agents that resolve through `lookup`, and a socket idle limit so a stalled store
 * fails a call instead of holding it.
 */
export function createS3Client(config: S3StoreConfig, lookup?: LookupFunction): S3Client {
  const agent = { keepAlive: true, maxSockets: 64, ...(lookup ? { lookup } : {}) };
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 5000,
      requestTimeout: 60_000,
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent),
    },
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** Why the bucket cannot take files, in a line for readiness (never the credentials). */
function bucketProblem(bucket: string, err: unknown): Error {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    const why =
      status === 404 ? 'does not exist' : status === 403 ? 'refuses these credentials' : `answered ${err.name} (${status ?? 'no status'})`;
    return new Error(`bucket ${bucket} ${why}`);
  }
  return new Error(`bucket ${bucket} unreachable: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * Streams `body` into the bucket: in one PutObject when it is smaller than a part, else as a
 * multipart upload whose parts are aborted when the body fails, so nothing is left under the key.
 * The body's own error (a size limit, a failed scan) is the one thrown, not the abort's.
 */
type Parts = Required<Omit<S3StoreOptions, 'lookup'>>;

async function streamUp(
  client: S3Client,
  target: { Bucket: string; Key: string; Metadata?: Record<string, string> },
  body: Readable,
  o: Parts,
) {
  let bodyError: unknown;
  body.once('error', (err) => {
    bodyError = err;
  });
  const upload = new Upload({
    client,
    params: { ...target, Body: body },
    partSize: o.partSize,
    queueSize: o.queueSize,
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (err) {
    throw bodyError ?? err;
  }
}

/** Files in an S3-compatible bucket, under the same keys the folder store uses. */
export function createS3Storage(config: S3StoreConfig, options: S3StoreOptions = {}): S3Storage {
  const client = createS3Client(config, options.lookup);
  const Bucket = config.bucket;
  const parts = { partSize: options.partSize ?? 8 * MIB, queueSize: options.queueSize ?? 2 };
  const headOf = async (key: string) => {
    assertStorageKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
    } catch (err) {
      if (isMissing(err)) {
        return undefined;
      }
      throw err;
    }
  };
  return {
    client,
    bucket: Bucket,
    async put(key, body) {
      assertStorageKey(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
        return;
      }
      await streamUp(client, { Bucket, Key: key }, body, parts);
    },
    async putWithSha256(key, body, sha256) {
      assertStorageKey(key);
      await streamUp(client, { Bucket, Key: key, Metadata: { sha256 } }, body, parts);
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(answer.Body instanceof Readable)) {
          throw new Error(`S3 answered ${key} without a stream body`);
        }
        return answer.Body;
      } catch (err) {
        throw isMissing(err) ? new StorageNotFoundError(key) : err;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket })).catch((err: unknown) => {
        throw bucketProblem(Bucket, err);
      });
    },
    sizeOf: async (key) => (await headOf(key))?.size,
    headOf,
    close: () => client.destroy(),
  };
}
