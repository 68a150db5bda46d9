import net from 'node:net';
import path from 'node:path';

/**
 * Who owns a folder of temporary upload files: a listening Unix socket of the owning process. The
 * kernel closes it the moment that process dies — killed, crashed, or a zombie its parent never reaped
 * — so "nobody answers" proves the owner gone, where a process id may be a zombie's or reused by
 * another process. On Linux the socket is in the abstract namespace (no file, no path-length limit).
 */
function ownerAddress(tmpDir: string, id: string): string {
  return process.platform === 'linux' ? `\0vp-admin-kit-temp-${id}` : path.join(tmpDir, `owner-${id}.sock`);
}

/** Starts holding the ownership of `id`'s folder; close the returned server to let it go. */
export function holdOwnership(tmpDir: string, id: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end());
    server.once('error', reject);
    server.listen(ownerAddress(tmpDir, id), () => {
      server.unref(); // holding the folder must not keep the process alive
      resolve(server);
    });
  });
}

/** True while the process that holds `id`'s folder runs (or cannot be told within a second: kept, to be safe). */
export function ownerIsAlive(tmpDir: string, id: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(ownerAddress(tmpDir, id));
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(1000, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(!['ECONNREFUSED', 'ENOENT'].includes(err.code ?? '')));
  });
}
