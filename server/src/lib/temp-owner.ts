import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

/**
 * The machine an owner socket can be asked on: on Linux the boot (a restarted machine is another one)
 * and the network namespace (abstract sockets are per namespace: two containers on one kernel cannot
 * see each other's), elsewhere the host name. Nodes on other machines may share the data folder (a
 * network file system): their sockets never answer here, so their folders must not be judged by them.
 */
export function machineId(): string {
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot} ${fs.readlinkSync('/proc/self/ns/net')}`;
  } catch {
    return `host ${os.hostname()}`;
  }
}

/** The file in each owner's folder that names its machine (machineId); its owner touches it at every sweep. */
export const MACHINE_FILE = '.machine';

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
