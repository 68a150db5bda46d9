import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientConfig, type S3StoreSettings } from '../src/media/s3-media-store';

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** What reaching a test S3 server takes: its endpoint, store settings and a process's environment for a bucket, a new bucket. */
export interface TestS3Endpoint {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** Store settings for a bucket of this server (made by `bucket`). */
  settings(bucket: string, prefix?: string): S3StoreSettings;
  /** The environment of a server process whose media is in this bucket (VP_MEDIA_URL and the AWS_* variables). */
  environment(bucket: string, prefix?: string): Record<string, string>;
  /** Makes a bucket; returns its name. */
  bucket(name?: string): Promise<string>;
}

export interface TestS3Server extends TestS3Endpoint {
  /** Multipart uploads begun and neither completed nor aborted (parts the bucket still holds). */
  openUploads(bucket: string): number;
  close(): Promise<void>;
}

let buckets = 0;

/** The test S3 server at `endpoint` (s3rver's account), wherever it runs. */
export function testS3Endpoint(endpoint: string): TestS3Endpoint {
  const settings = (bucket: string, prefix = ''): S3StoreSettings => ({
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
    timeoutMs: 10_000,
  });
  return {
    endpoint,
    settings,
    environment: (bucket, prefix = '') => ({
      VP_MEDIA_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      VP_S3_FORCE_PATH_STYLE: '1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async bucket(name = `vp-test-${++buckets}`) {
      const client = new S3Client(s3ClientConfig(settings(name)));
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return name;
    },
  };
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

/**
 * A real S3-compatible server on loopback (s3rver, files in a temporary folder), on a port of its own.
 * s3rver 3.7 lacks three plain calls of the multipart upload API that @tus/s3-store, lib-storage and the store use:
 * ListParts (to resume an upload), AbortMultipartUpload (to drop one) and ListMultipartUploads (to find those under a
 * prefix). They are answered here, from
 * s3rver's own folder of parts (`<bucket>/.._S3rver_uploads/<uploadId>/<partNumber>` and its `.md5`);
 * every other request goes to s3rver, with its signature checks.
 */
export async function startS3Server({
  onReply,
}: {
  /** Told of every request once answered (the bench counts the objects put). */
  onReply?: (method: string, url: string, status: number) => void;
} = {}): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-s3-'));
  const s3rver = new S3rver({ directory, silent: true, resetOnClose: true, configureBuckets: [] });
  const s3 = s3rver.getMiddleware();
  const store = (s3rver as unknown as { store: { getResourcePath(bucket: string, key: undefined, resource: string): string } }).store;

  const multipart = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    const [, bucket, ...key] = url.pathname.split('/');
    if (!uploadId || !bucket || !key.length || !/^[A-Za-z0-9_-]+$/.test(uploadId)) return false;
    if (req.method !== 'GET' && req.method !== 'DELETE') return false;
    const folder = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!fs.existsSync(folder)) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`));
      return true;
    }
    if (req.method === 'DELETE') {
      fs.rmSync(folder, { recursive: true, force: true });
      res.writeHead(204).end();
      return true;
    }
    const parts = fs
      .readdirSync(folder)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const etag = fs.readFileSync(path.join(folder, `${n}.md5`), 'utf8');
        const size = fs.statSync(path.join(folder, String(n))).size;
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${etag}"</ETag><Size>${size}</Size></Part>`;
      });
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      xml(
        `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId>` +
          `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
      ),
    );
    return true;
  };

  /** ListMultipartUploads (`GET /bucket?uploads&prefix=…`), from the key s3rver writes beside each upload's parts. */
  const listUploads = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [, bucket, ...rest] = url.pathname.split('/');
    if (req.method !== 'GET' || !url.searchParams.has('uploads') || !bucket || rest.some(Boolean)) return false;
    const prefix = url.searchParams.get('prefix') ?? '';
    const folder = store.getResourcePath(bucket, undefined, 'uploads');
    const uploads = (fs.existsSync(folder) ? fs.readdirSync(folder) : [])
      .map((uploadId) => ({ uploadId, key: fs.readFileSync(path.join(folder, uploadId, 'key'), 'utf8') }))
      .filter(({ key }) => key.startsWith(prefix))
      .map(({ uploadId, key }) => `<Upload><Key>${key}</Key><UploadId>${uploadId}</UploadId></Upload>`);
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      xml(
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><Prefix>${prefix}</Prefix><MaxUploads>1000</MaxUploads>` +
          `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`,
      ),
    );
    return true;
  };

  const server = http.createServer((req, res) => {
    if (onReply) res.on('finish', () => onReply(req.method ?? '', req.url ?? '', res.statusCode));
    if (!multipart(req, res) && !listUploads(req, res)) void s3(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...testS3Endpoint(endpoint),
    openUploads: (bucket) => {
      const folder = store.getResourcePath(bucket, undefined, 'uploads'); // made by the bucket's first multipart upload
      return fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true }).filter((e) => e.isDirectory()).length : 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
