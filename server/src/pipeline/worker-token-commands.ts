import { WorkerTokenNameTakenError, WorkerTokensRepository } from '../db/worker-tokens-repository';
import type { Db } from '../db/engine';
import { hashApiKey, newWorkerToken } from '../lib/tokens';

/** A worker token's name: what the workers list and the files' `file_server` show. */
const NAME = /^[A-Za-z0-9_.@-]{1,64}$/;

/** A wrong name or a refused action, said to the operator as it is (the CLI exits with status 2). */
export class WorkerTokenCommandError extends Error {}

const when = (ms: number | null): string => (ms === null ? '-' : new Date(ms).toISOString());

/**
 * `worker-token create NAME | list | revoke NAME` (cli.ts parses, this runs): each returns the lines to
 * print. A created token is printed once and only its SHA-256 is stored.
 */
export async function workerTokenCommand(db: Db, action: string | undefined, name: string | undefined, now: number): Promise<string[]> {
  const tokens = new WorkerTokensRepository(db);
  if (action === 'list') {
    const rows = await tokens.list();
    if (!rows.length) return ['No worker tokens.'];
    return [
      'NAME\tCREATED\tLAST USED\tREVOKED',
      ...rows.map((t) => [t.name, when(t.created_at), when(t.last_used_at), when(t.revoked_at)].join('\t')),
    ];
  }
  if (action !== 'create' && action !== 'revoke')
    throw new WorkerTokenCommandError('Usage: worker-token create NAME | worker-token list | worker-token revoke NAME');
  if (!name || !NAME.test(name)) throw new WorkerTokenCommandError('NAME must be 1-64 letters, digits, "_", ".", "@" or "-".');
  if (action === 'revoke') {
    if (!(await tokens.revoke(name, now))) throw new WorkerTokenCommandError(`There is no live worker token "${name}".`);
    return [`Worker token "${name}" revoked: its next call to the pipeline API is refused.`];
  }
  const token = newWorkerToken();
  await tokens.create(name, hashApiKey(token), now).catch((err: unknown) => {
    throw err instanceof WorkerTokenNameTakenError ? new WorkerTokenCommandError(err.message) : err;
  });
  return [`Worker token "${name}" created. It is shown this once (only its hash is stored):`, token];
}
