import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's PostgreSQL 15 keeps initdb, pg_ctl and postgres. */
const BIN_DIR = process.env.VP_PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** `postgres://…?host=<socket folder>`: the cluster listens on a Unix socket only (no port to share). */
  url: string;
  /** The cluster's processes: the postmaster and its children (backends and helpers). */
  processIds(): number[];
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/** Why a private cluster cannot be started here, or null when it can. */
export function privatePostgresMissing(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(BIN_DIR, tool))) return `${path.join(BIN_DIR, tool)} is missing`;
  }
  return null;
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, for tests that must freeze or kill the
 * database server itself. PostgreSQL refuses to run as root: as root it runs as the `postgres` user.
 */
export function startPrivatePostgres(): PrivatePostgres {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-private-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN_DIR, tool), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN_DIR, tool), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'vp', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const settings = `-k ${dir} -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c shared_buffers=16MB`;
  run('pg_ctl', ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start']);
  const postmaster = () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://vp@localhost/postgres?host=${encodeURIComponent(dir)}`,
    processIds() {
      const main = postmaster();
      const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(main)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0);
      return [main, ...children];
    },
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
