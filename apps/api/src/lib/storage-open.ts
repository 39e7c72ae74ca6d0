import type { Config } from '../config.ts';
import { operatorLookup } from './outbound.ts';
import { createLocalStorage, localFilesRoot, type Storage } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

/**
 * The file store the configuration names (FILE_STORE, S3_*): the folder `<DATA_DIR>/files` by
 * default, else the bucket, reached only at addresses OUTBOUND_ALLOW's gate lets through (the same
 * rule as every operator endpoint). `close` lets go of the bucket's connections.
 */
export function openStorage(config: Pick<Config, 'dataDir' | 'fileStore' | 'outboundAllow'>): Storage & { close?: () => void } {
  if (config.fileStore.kind === 'folder') {
    return createLocalStorage(localFilesRoot(config.dataDir));
  }
  const { s3 } = config.fileStore;
  return createS3Storage(s3, { lookup: s3.endpoint ? operatorLookup(s3.endpoint, config.outboundAllow) : undefined });
}
