import type { Config } from '../config.ts';
import type { OutboundAllowList } from './outbound-allow.ts';
import { operatorLookup } from './outbound.ts';
import { createLocalStorage, localFilesRoot, type Storage } from './storage.ts';
import { createS3Storage, type S3Storage, type S3StoreConfig } from './storage-s3.ts';

/**
 * The bucket the configuration names, reached only at addresses OUTBOUND_ALLOW's gate lets through
 * (the same rule as every operator endpoint; AWS S3 itself, without S3_ENDPOINT, is public https).
 */
export function openBucket(s3: S3StoreConfig, allow: OutboundAllowList): S3Storage {
  return createS3Storage(s3, { lookup: s3.endpoint ? operatorLookup(s3.endpoint, allow) : undefined });
}

/**
 * The file store the configuration names (FILE_STORE, S3_*): the folder `<DATA_DIR>/files` by
 * default, else the bucket. `close` lets go of the bucket's connections.
 */
export function openStorage(config: Pick<Config, 'dataDir' | 'fileStore' | 'outboundAllow'>): Storage & { close?: () => void } {
  if (config.fileStore.kind === 'folder') {
    return createLocalStorage(localFilesRoot(config.dataDir));
  }
  return openBucket(config.fileStore.s3, config.outboundAllow);
}
