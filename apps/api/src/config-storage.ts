import { z } from 'zod';
import type { S3StoreConfig } from './lib/storage-s3.ts';

/**
 * Where uploaded files live (docs/operations.md, decision 0304): the folder `<DATA_DIR>/files` by
 * default, or an S3-compatible bucket with FILE_STORE=s3 (S3_BUCKET alone also chooses it). The
 * endpoint is an operator endpoint: public https, or its origin in OUTBOUND_ALLOW.
 */
export const storageEnv = {
  FILE_STORE: z.enum(['folder', 's3'], 'must be folder or s3').optional(),
  /** The S3 API's base, like https://s3.ap-south-1.amazonaws.com or http://minio:9000; unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url('must be the S3 endpoint URL, like https://s3.ap-south-1.amazonaws.com')
    .refine((s) => /^https?:\/\/[^/?#]+\/?$/.test(s), 'must be an http:// or https:// origin without a path, query or credentials')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name like ap-south-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 1: bucket in the path (MinIO and most S3-compatible servers); 0: in the host name. Default: 1 with S3_ENDPOINT, else 0. */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1'], 'must be 0 or 1').optional(),
};

type StorageEnv = { FILE_STORE?: 'folder' | 's3' } & { [K in Exclude<keyof typeof storageEnv, 'FILE_STORE'>]?: string };

/** The file store the start opens: the folder, or a bucket. */
export type FileStoreConfig = { kind: 'folder' } | { kind: 's3'; s3: S3StoreConfig };

const S3_DETAILS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** What is wrong with the file store's variables (the first variable at fault), or undefined. */
export function storageProblem(e: StorageEnv): string | undefined {
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET) {
    return 'S3_BUCKET: must be set when FILE_STORE=s3';
  }
  const detail = S3_DETAILS.find((k) => e[k] !== undefined);
  if (e.FILE_STORE === 'folder' && (e.S3_BUCKET || detail)) {
    return `FILE_STORE: is folder, but ${e.S3_BUCKET ? 'S3_BUCKET' : detail} is set; set FILE_STORE=s3 or remove the S3_ variables`;
  }
  if (!e.S3_BUCKET && detail) {
    return `S3_BUCKET: must be set when ${detail} is`;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    return e.S3_ACCESS_KEY_ID
      ? 'S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID'
      : 'S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY';
  }
  return undefined;
}

/** The store chosen by the variables (already checked by storageProblem). */
export function fileStoreConfig(e: StorageEnv): FileStoreConfig {
  if (!e.S3_BUCKET) {
    return { kind: 'folder' };
  }
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined;
  return {
    kind: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? 'us-east-1',
      credentials,
      forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? '1' : '0')) === '1',
    },
  };
}
