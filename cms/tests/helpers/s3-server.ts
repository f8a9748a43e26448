import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error the package ships no types
import S3rver from '@20minutes/s3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The CMS's environment for this bucket (UPLOAD_PROVIDER=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** The bucket's keys, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes (null when there is none). */
  bytes(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer | string): Promise<void>;
  remove(key: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, an npm package: no internet, no Docker) on a free port,
 * with one empty bucket, its objects in a throwaway folder.
 */
export async function startTestS3(bucket = 'site-media'): Promise<TestS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
    // s3rver computes the signature of bucket-level requests (list, multi-delete) differently from
    // the AWS SDK and refuses them; object requests are checked as S3 checks them either way.
    allowMismatchedSignatures: true,
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    endpoint,
    bucket,
    env: {
      UPLOAD_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    async bytes(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
