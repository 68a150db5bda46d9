import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { isMediaKey, MediaTooLargeError, type MediaStore, type StoredObject } from './media-store';

let loaded: { s3: typeof ClientS3; storage: typeof LibStorage; presigner: typeof Presigner } | undefined;
/**
 * The AWS SDK, loaded when the first S3 store is made: loading it cost every start ~0.2 s of CPU, and a
 * server on a folder store, like most CLI commands, never calls it. (Its packages are CommonJS, and
 * an `import` of them elsewhere, @tus/s3-store's, gets these same modules.)
 */
function sdk(): NonNullable<typeof loaded> {
  if (!loaded) {
    const load = createRequire(import.meta.url);
    loaded = {
      s3: load('@aws-sdk/client-s3') as typeof ClientS3,
      storage: load('@aws-sdk/lib-storage') as typeof LibStorage,
      presigner: load('@aws-sdk/s3-request-presigner') as typeof Presigner,
    };
  }
  return loaded;
}

/** Where the objects are: `VP_MEDIA_URL=s3://bucket/prefix`, with the SDK's client settings. */
export interface S3StoreSettings {
  bucket: string;
  /** Put before every key (`prefix/`, or empty). */
  prefix: string;
  /** AWS_ENDPOINT_URL_S3: a non-AWS endpoint (R2, B2, Garage, SeaweedFS, MinIO…). */
  endpoint?: string | undefined;
  /** AWS_REGION (default `us-east-1`: most non-AWS stores accept any). */
  region?: string | undefined;
  /** VP_S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle?: boolean | undefined;
  /** Absent: the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** VP_S3_TIMEOUT_SECONDS: connecting, and each wait for the store's next bytes. */
  timeoutMs: number;
}

/** A store that is down, slow or refusing: the request that met it answers 503 with the reason. */
export class MediaStoreUnavailableError extends Error {
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`media store unavailable: ${reason}`, options);
  }
}

/**
 * The client every S3 call of the server goes through. Checksums only where S3 requires them (the
 * SDK's default adds CRC32 headers and aws-chunked bodies that several S3-compatible stores refuse);
 * the timeouts bound connecting and each silence of the store, so a store that is down never hangs a
 * request; the SDK retries (3 attempts) what may pass.
 */
export function s3ClientConfig(settings: S3StoreSettings): S3ClientConfig {
  return {
    region: settings.region || 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs, throwOnRequestTimeout: true },
  };
}

/** Parts of a streamed upload (S3's smallest); one part in flight at a time: the memory one upload holds. */
const PART_BYTES = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys at once. */
const DELETE_BATCH = 1000;

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** An error of the SDK or of the network under it (anything else, e.g. a failing source, passes as it is). */
const isStoreError = (err: unknown): boolean => {
  const e = err as { name?: string; code?: string; $metadata?: unknown };
  return e.$metadata !== undefined || e.name === 'TimeoutError' || NETWORK_ERRORS.has(e.code ?? '');
};

/** A missing object (GetObject's NoSuchKey, HeadObject's bodiless 404); a missing bucket (NoSuchBucket) is the store's fault. */
const isMissing = (err: unknown): boolean => {
  const e = err as { name?: string };
  return e.name === 'NoSuchKey' || e.name === 'NotFound';
};

/** The store's answer in a few words (never its credentials): a code, a status, or the network's error. */
function reasonOf(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'TimeoutError' || e.code === 'ETIMEDOUT' || e.name === 'RequestTimeout') return 'it did not answer in time';
  if (e.code === 'ECONNREFUSED') return 'it refused the connection';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'its host name does not resolve';
  const status = e.$metadata?.httpStatusCode;
  if (status) return `it answered ${status}${e.name && e.name !== 'Unknown' ? ` ${e.name}` : ''}`;
  return e.code ?? e.name ?? 'unknown error';
}

/** An error of a call to the store (not a missing object) as MediaStoreUnavailableError, else null (for callers of the SDK elsewhere: tus). */
export function storeUnavailable(err: unknown): MediaStoreUnavailableError | null {
  if (err instanceof MediaStoreUnavailableError) return err;
  return isStoreError(err) && !isMissing(err) ? new MediaStoreUnavailableError(reasonOf(err), { cause: err }) : null;
}

/** A byte counter that fails the stream past a limit. */
function counted(maxBytes: number, seen: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      done(seen.bytes > maxBytes ? new MediaTooLargeError(maxBytes) : null, chunk);
    },
  });
}

/** One ranged read of an object: its bytes as a stream, and what the reply's headers need. */
export interface StoredObjectRead {
  body: Readable;
  /** Bytes in `body`. */
  length: number;
  /** The object's whole size. */
  size: number;
  /** `bytes a-b/size` when a range was read. */
  contentRange: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * The media store in an S3-compatible bucket (`VP_MEDIA_URL=s3://bucket/prefix`). Only plain object
 * calls: PutObject and the multipart upload calls (through lib-storage; ListMultipartUploads to abort
 * those left under a deleted prefix), GetObject (with Range), HeadObject, ListObjectsV2, DeleteObject(s): AWS S3, R2, B2, Garage, SeaweedFS and MinIO all have them.
 * Every failure other than a missing object is a MediaStoreUnavailableError.
 */
export class S3MediaStore implements MediaStore {
  readonly client: S3Client;

  constructor(readonly settings: S3StoreSettings) {
    this.client = new (sdk().s3.S3Client)(s3ClientConfig(settings));
  }

  /** The object key of a media key. */
  objectKey(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return `${this.settings.prefix}${key}`;
  }

  /**
   * A URL that lets its holder GET or PUT one object for `seconds` (at most 7 days: SigV4's limit) with
   * no credentials of its own: a worker of the pipeline API reads its source and writes its outputs so,
   * and the bytes never pass through a node. Signed here, without a call to the store.
   */
  presign(key: string, method: 'GET' | 'PUT', seconds: number): Promise<string> {
    const object = { Bucket: this.settings.bucket, Key: this.objectKey(key) };
    const { GetObjectCommand, PutObjectCommand } = sdk().s3;
    const command = method === 'GET' ? new GetObjectCommand(object) : new PutObjectCommand(object);
    return sdk().presigner.getSignedUrl(this.client, command, { expiresIn: Math.min(Math.ceil(seconds), 604_800) });
  }

  async #call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (isMissing(err) || !isStoreError(err)) throw err;
      throw new MediaStoreUnavailableError(reasonOf(err), { cause: err });
    }
  }

  /** Streams into a multipart upload, one part at a time; past `maxBytes` the upload is aborted (S3 keeps no object). */
  async putStream(key: string, source: Readable, maxBytes = Number.MAX_SAFE_INTEGER): Promise<number> {
    const seen = { bytes: 0 };
    const body = counted(maxBytes, seen);
    const piping = pipeline(source, body);
    const upload = new (sdk().storage.Upload)({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await this.#call(async () => {
        // Whichever fails first: the source (a cut body, the limit) or the store.
        await Promise.all([upload.done(), piping]);
      });
    } catch (err) {
      await upload.abort().catch(() => {});
      body.destroy();
      source.destroy();
      await piping.catch(() => {});
      throw err;
    }
    return seen.bytes;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    await this.putStream(key, fs.createReadStream(localPath));
  }

  async getFile(key: string, localPath: string): Promise<void> {
    const { body } = await this.read(key);
    await this.#call(() => pipeline(body, fs.createWriteStream(localPath)));
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.#call(() =>
        this.client.send(new (sdk().s3.HeadObjectCommand)({ Bucket: this.settings.bucket, Key: this.objectKey(key) })),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Every object key under a folder, page by page (ListObjectsV2 answers at most 1000 at once). */
  async *#list(folder: string): AsyncGenerator<{ key: string; size: number }[]> {
    const prefix = folder === '' ? this.settings.prefix : this.objectKey(folder);
    let token: string | undefined;
    do {
      const page = await this.#call(() =>
        this.client.send(new (sdk().s3.ListObjectsV2Command)({ Bucket: this.settings.bucket, Prefix: prefix, ContinuationToken: token })),
      );
      yield (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, size: o.Size ?? 0 }] : []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** The objects under the prefix whose names are media keys (the prefix taken off), as ListObjectsV2 orders them. */
  async *list(folder: string): AsyncGenerator<StoredObject> {
    const prefix = this.settings.prefix;
    for await (const page of this.#list(folder))
      for (const object of page) {
        const key = object.key.slice(prefix.length);
        if (isMediaKey(key)) yield { key, size: object.size };
      }
  }

  async getStream(key: string): Promise<Readable> {
    return (await this.read(key)).body;
  }

  async bytesUnder(folder: string): Promise<number> {
    let bytes = 0;
    for await (const page of this.#list(folder)) for (const object of page) bytes += object.size;
    return bytes;
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const size = await this.size(key);
    if (size === null) throw Object.assign(new Error(`No media object ${key}`), { code: 'ENOENT' });
    if (size === 0 || bytes <= 0) return Buffer.alloc(0);
    const { body } = await this.read(key, `bytes=0-${bytes - 1}`);
    return this.#call(async () => Buffer.concat(await body.toArray()));
  }

  /**
   * Reads an object, or the part `range` names (an HTTP Range value: `bytes=a-b`, `bytes=a-`,
   * `bytes=-n`), as a stream. A missing object rejects with the SDK's NoSuchKey; a range past its end
   * with a RangeNotSatisfiable that carries the object's size.
   */
  async read(key: string, range?: string): Promise<StoredObjectRead> {
    try {
      const reply = await this.#call(() =>
        this.client.send(new (sdk().s3.GetObjectCommand)({ Bucket: this.settings.bucket, Key: this.objectKey(key), Range: range })),
      );
      const length = reply.ContentLength ?? 0;
      const total = reply.ContentRange ? Number(/\/(\d+)$/.exec(reply.ContentRange)?.[1]) : length;
      return {
        body: reply.Body as Readable,
        length,
        size: Number.isFinite(total) ? total : length,
        contentRange: range ? reply.ContentRange : undefined,
        etag: reply.ETag,
        lastModified: reply.LastModified,
      };
    } catch (err) {
      const cause = (err as { cause?: { name?: string; $metadata?: { httpStatusCode?: number } } }).cause;
      if (range && (cause?.name === 'InvalidRange' || cause?.$metadata?.httpStatusCode === 416)) {
        throw new RangeNotSatisfiable((await this.size(key)) ?? 0);
      }
      throw err;
    }
  }

  /**
   * Aborts the multipart uploads begun under a prefix (their parts are no object: listings miss them, the
   * bucket keeps them). A streamed upload cut by the store going down could not abort then; the journal's
   * delete of its prefix, once the store is back, drops its parts here.
   */
  async #abortUploadsUnder(prefix: string): Promise<void> {
    const Bucket = this.settings.bucket;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await this.#call(() =>
        this.client.send(new (sdk().s3.ListMultipartUploadsCommand)({ Bucket, Prefix: this.objectKey(prefix), KeyMarker, UploadIdMarker })),
      );
      for (const { Key, UploadId } of page.Uploads ?? []) if (Key && UploadId) await this.#abortUpload(Key, UploadId);
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (KeyMarker);
  }

  /**
   * Aborts one multipart upload. One gone meanwhile is what was asked: the upload's own abort, which the
   * outage had cut, is retried by the SDK and may land once the store is back, as may another node's sweep.
   */
  async #abortUpload(Key: string, UploadId: string): Promise<void> {
    try {
      await this.#call(() => this.client.send(new (sdk().s3.AbortMultipartUploadCommand)({ Bucket: this.settings.bucket, Key, UploadId })));
    } catch (err) {
      if ((err as { cause?: { name?: string } }).cause?.name !== 'NoSuchUpload') throw err;
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    if (!keyOrPrefix.endsWith('/')) {
      const Key = this.objectKey(keyOrPrefix);
      await this.#call(() => this.client.send(new (sdk().s3.DeleteObjectCommand)({ Bucket: this.settings.bucket, Key })));
      return;
    }
    await this.#abortUploadsUnder(keyOrPrefix);
    // Listed whole first: deleting while listing could skip keys as the listing shifts.
    const keys: string[] = [];
    for await (const page of this.#list(keyOrPrefix)) keys.push(...page.map((o) => o.key));
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const reply = await this.#call(() =>
        this.client.send(new (sdk().s3.DeleteObjectsCommand)({ Bucket: this.settings.bucket, Delete: { Objects, Quiet: true } })),
      );
      const failed = reply.Errors?.[0];
      if (failed) throw new MediaStoreUnavailableError(`it did not delete ${failed.Key ?? 'an object'} (${failed.Code ?? 'error'})`);
    }
  }
}

/** A Range header past an object's end: the reply is 416 with `Content-Range: bytes *\/size`. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('range not satisfiable');
  }
}

/** The bucket and key prefix of `s3://bucket/prefix` (the prefix ends with `/`, or is empty). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!match) throw new Error(`VP_MEDIA_URL must be s3://bucket or s3://bucket/prefix, got ${JSON.stringify(url)}`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isMediaKey(`${prefix}/`))
    throw new Error(`VP_MEDIA_URL: the prefix must be a path of safe names, got ${JSON.stringify(prefix)}`);
  return { bucket: match[1]!, prefix: prefix ? `${prefix}/` : '' };
}
