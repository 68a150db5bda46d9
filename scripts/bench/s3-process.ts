// The storage bench's object store: s3rver on loopback (server/test/s3-server.ts) in a process of its own,
// so that it shares no event loop with the measuring clients, as a real store would not. Run as a child
// with IPC: it sends `{ endpoint }` once listening, answers `written` with the objects written so far by
// key (a PUT, or a multipart upload completed: POST ?uploadId), and ends on `close` or when its parent goes.
import { fork } from 'node:child_process';
import { startS3Server, testS3Endpoint, type TestS3Endpoint } from '../../server/test/s3-server';

export interface S3Process extends TestS3Endpoint {
  /** Times each object key (`/bucket/key`) was written. */
  written(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** Starts this file as a child process; resolves once its store listens. */
export async function startS3Process(): Promise<S3Process> {
  // s3rver ciphers its continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: without it a listing
  // of more than 1,000 objects (media move's clean-up of the target's purged files) fails with 500.
  const child = fork(import.meta.filename, ['--serve'], {
    execArgv: ['--openssl-legacy-provider', '--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { endpoint: string }).endpoint));
    child.once('exit', (code) => reject(new Error(`the bench's S3 server ended (${code}) before it listened`)));
  });
  return {
    ...testS3Endpoint(endpoint),
    written: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(new Map((m as { written: [string, number][] }).written)));
        child.send('written');
      }),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

if (process.argv.includes('--serve')) {
  const written = new Map<string, number>();
  const s3 = await startS3Server({
    onReply(method, url, status) {
      const { pathname, searchParams } = new URL(url, 'http://s3');
      const whole = (method === 'PUT' && !searchParams.has('uploadId')) || (method === 'POST' && searchParams.has('uploadId'));
      const key = decodeURIComponent(pathname);
      if (whole && status === 200) written.set(key, (written.get(key) ?? 0) + 1);
    },
  });
  const close = () => void s3.close().then(() => process.exit(0));
  process.on('disconnect', close);
  process.on('message', (m) => (m === 'close' ? close() : process.send!({ written: [...written] })));
  process.send!({ endpoint: s3.endpoint });
}
