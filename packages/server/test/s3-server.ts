import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver: S3's REST API over a directory) on a free loopback port,
 * with one bucket. It speaks S3's paths, XML errors, ranges, ETags and presigned query
 * authentication (access key, expiry), but does not recompute Signature V4 (s3rver documents it
 * as unimplemented): signatures are checked by s3-stub.ts. Its one account is S3RVER/S3RVER.
 */
export async function startS3rver(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
