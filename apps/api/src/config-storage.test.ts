import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const minio = {
  FILE_STORE: 's3',
  S3_ENDPOINT: 'http://10.20.0.7:9000',
  S3_BUCKET: 'freightdesk-files',
  S3_ACCESS_KEY_ID: 'fd',
  S3_SECRET_ACCESS_KEY: 'secret-key',
  OUTBOUND_ALLOW: 'http://10.20.0.7:9000',
};

describe('file store configuration', () => {
  it('is the folder by default, and the bucket with FILE_STORE=s3 or S3_BUCKET alone', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'folder' });
    expect(loadConfig(minio).fileStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://10.20.0.7:9000',
        bucket: 'freightdesk-files',
        region: 'us-east-1',
        credentials: { accessKeyId: 'fd', secretAccessKey: 'secret-key' },
        forcePathStyle: true,
      },
    });
    const aws = loadConfig({ S3_BUCKET: 'fd-files', S3_REGION: 'ap-south-1' }).fileStore;
    expect(aws).toEqual({
      kind: 's3',
      s3: { endpoint: undefined, bucket: 'fd-files', region: 'ap-south-1', credentials: undefined, forcePathStyle: false },
    });
  });

  it('names the variable at fault', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ FILE_STORE: 's3' }, /S3_BUCKET: must be set when FILE_STORE=s3/],
      [{ FILE_STORE: 'disk' }, /FILE_STORE: must be folder or s3/],
      [{ FILE_STORE: 'folder', S3_BUCKET: 'fd-files' }, /FILE_STORE: is folder, but S3_BUCKET is set/],
      [{ S3_REGION: 'ap-south-1' }, /S3_BUCKET: must be set when S3_REGION is/],
      [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET: must be a bucket name/],
      [{ ...minio, S3_SECRET_ACCESS_KEY: '' }, /S3_SECRET_ACCESS_KEY/],
      [{ S3_BUCKET: 'fd-files', S3_SECRET_ACCESS_KEY: 'k' }, /S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY/],
      [{ ...minio, S3_ENDPOINT: 'http://10.20.0.7:9000/bucket' }, /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ origin/],
      [{ ...minio, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: must be 0 or 1/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('treats S3_ENDPOINT as an operator endpoint: public https, or its origin in OUTBOUND_ALLOW', () => {
    expect(() => loadConfig({ ...minio, OUTBOUND_ALLOW: '' })).toThrow(
      'S3_ENDPOINT: http://10.20.0.7:9000 is not a public https address (it is not an https URL); to call it anyway, add its origin http://10.20.0.7:9000 to OUTBOUND_ALLOW',
    );
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'https://10.20.0.7', OUTBOUND_ALLOW: '' })).toThrow(/S3_ENDPOINT: .*OUTBOUND_ALLOW/);
    expect(loadConfig({ ...minio, S3_ENDPOINT: 'https://10.20.0.7', OUTBOUND_ALLOW: '10.20.0.0/16' }).fileStore.kind).toBe('s3');
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'http://169.254.169.254', OUTBOUND_ALLOW: '' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ ...minio, S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com', OUTBOUND_ALLOW: '' }).fileStore.kind).toBe('s3');
  });
});
