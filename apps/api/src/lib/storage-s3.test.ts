import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { parseOutboundAllow } from './outbound-allow.ts';
import { operatorLookup } from './outbound.ts';
import { newStorageKey, StorageNotFoundError } from './storage.ts';
import { createS3Storage, type S3Storage } from './storage-s3.ts';

const MIB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function shaOf(stream: Readable): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha: hash.digest('hex'), bytes };
}

/** `data` as a stream of 64 KiB chunks, as a multipart body arrives. */
function* chunksOf(data: Buffer) {
  for (let i = 0; i < data.length; i += 64 * 1024) {
    yield data.subarray(i, i + 64 * 1024);
  }
}

let s3: TestS3Server;
let store: S3Storage;
/** The S3 operations the store sent, by command name (observed on the client, not replaced). */
const sent: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  store = createS3Storage(s3.config, { partSize: 5 * MIB });
  store.client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
});
afterAll(async () => {
  store?.close();
  await s3?.stop();
});

describe('S3 store against an S3-speaking server', () => {
  it('is ready, puts, gets and deletes; a missing key is StorageNotFoundError and deleting it is no error', async () => {
    await store.ready();
    const key = newStorageKey();
    const bytes = randomBytes(3000);
    await store.put(key, bytes);
    expect(await store.sizeOf(key)).toBe(3000);
    const back = await shaOf(await store.get(key));
    expect(back).toEqual({ sha: sha(bytes), bytes: 3000 });
    await store.delete(key);
    expect(await store.sizeOf(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.get('../escape')).rejects.toThrow('Invalid storage key');
  });

  it('is not ready when the bucket does not exist, saying which', async () => {
    const other = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(other.ready()).rejects.toThrow('bucket no-such-bucket does not exist');
    other.close();
  });

  it('streams a 12 MB body up in 5 MB parts and back with the same sha256', async () => {
    const data = randomBytes(12 * MIB);
    const key = newStorageKey('exports');
    sent.length = 0;
    await store.put(key, Readable.from(chunksOf(data)));
    expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(sent).not.toContain('PutObjectCommand');
    expect(await store.sizeOf(key)).toBe(data.length);
    const back = await shaOf(await store.get(key));
    expect(back).toEqual({ sha: sha(data), bytes: data.length });
  });

  it('a body that fails after a part went up rejects with its own error and leaves nothing under the key', async () => {
    const key = newStorageKey();
    const failing = new Readable({ read() {} });
    failing.push(randomBytes(6 * MIB));
    setTimeout(() => failing.destroy(new Error('client went away')), 100);
    sent.length = 0;
    await expect(store.put(key, failing)).rejects.toThrow('client went away');
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await store.sizeOf(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('a small body that fails leaves nothing either', async () => {
    const key = newStorageKey();
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('scan refused');
      })(),
    );
    await expect(store.put(key, failing)).rejects.toThrow('scan refused');
    expect(await store.sizeOf(key)).toBeUndefined();
  });

  it('connects only to addresses OUTBOUND_ALLOW lets through: a name resolving outside the allowed range is refused', async () => {
    const parsed = parseOutboundAllow('10.20.0.0/16');
    if (!('list' in parsed)) {
      throw new Error(parsed.problem);
    }
    const port = new URL(s3.config.endpoint ?? '').port;
    const endpoint = `https://localhost:${port}`;
    const fenced = createS3Storage({ ...s3.config, endpoint }, { lookup: operatorLookup(endpoint, parsed.list) });
    await expect(fenced.ready()).rejects.toThrow(/unreachable: .*OUTBOUND_ALLOW.*loopback/);
    fenced.close();
  });
});
