import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { type MoveCounts, moveFilesToS3 } from './lib/files-to-s3.ts';
import { localFilesRoot } from './lib/storage.ts';
import { openBucket } from './lib/storage-open.ts';

/**
 * `npm run files-to-s3 [-- --verify-existing] [-- --concurrency N]`: copies the folder store
 * (`<DATA_DIR>/files`) into the bucket the S3_* variables name, then says what to change. Run it
 * with the API's own environment plus the S3_* variables; safe to run again at any time.
 */
const USAGE = `Usage: npm run files-to-s3 [-- --verify-existing] [-- --concurrency N]
Copies every file under <DATA_DIR>/files to the bucket named by S3_BUCKET (and S3_ENDPOINT, S3_REGION,
S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), verifying each by sha256. Resumable.`;

function options() {
  const { values } = parseArgs({
    options: {
      'verify-existing': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '4' },
      help: { type: 'boolean' },
    },
  });
  const concurrency = Number(values.concurrency);
  if (values.help || !Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error(values.help ? USAGE : `--concurrency: must be a whole number from 1 to 64\n${USAGE}`);
    process.exit(values.help ? 0 : 2);
  }
  return { verifyExisting: values['verify-existing'], concurrency };
}

function report(counts: MoveCounts, root: string, interrupted: boolean) {
  const mb = (counts.bytesCopied / 1024 / 1024).toFixed(1);
  console.log(`Files in ${root}: ${counts.found}`);
  console.log(`  copied and verified: ${counts.copied} (${mb} MB with re-copies)`);
  console.log(`  already in the bucket, equal size and sha256: ${counts.alreadyThere}`);
  console.log(`  re-copied (the bucket's copy differed): ${counts.recopied}`);
  console.log(`  failed: ${counts.failed.length}`);
  for (const f of counts.failed) {
    console.log(`    ${f.key}: ${f.why}`);
  }
  if (counts.notKeys.length) {
    console.log(`  not store files, left alone: ${counts.notKeys.join(', ')}`);
  }
  if (interrupted || counts.failed.length) {
    console.log(`\nNot finished${interrupted ? ' (interrupted)' : ''}: run npm run files-to-s3 again; it skips what is already copied.`);
    return;
  }
  console.log(`\nEvery file is in the bucket. Now:
  1. Set FILE_STORE=s3 and the same S3_* variables in the API's environment (on every API node).
  2. Restart the API, then run this command once more to copy files uploaded meanwhile.
  3. Keep ${root} until you have checked downloads; then it may be removed.`);
}

async function main() {
  const opts = options();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  }
  if (config.fileStore.kind !== 's3') {
    console.error('S3_BUCKET: must be set (with FILE_STORE=s3 and the other S3_ variables) to name the bucket to copy to');
    process.exit(2);
  }
  const { s3 } = config.fileStore;
  const bucket = openBucket(s3, config.outboundAllow);
  await bucket.ready();
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  const root = localFilesRoot(config.dataDir);
  console.log(`Copying ${root} to bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}…`);
  const counts = await moveFilesToS3(root, bucket, { ...opts, signal: stop.signal });
  bucket.close();
  report(counts, root, stop.signal.aborted);
  process.exitCode = counts.failed.length || stop.signal.aborted ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
