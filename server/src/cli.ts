import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AccountsRepository, UsernameTakenError } from './db/accounts-repository';
import type { Db } from './db/engine';
import { FilesRepository } from './db/files-repository';
import { openDatabase } from './db/open';
import { seedFiles, shareDemoVideo } from './db/seed';
import { passwordProblem } from './lib/password-policy';
import { hashPassword, verifyPassword } from './lib/passwords';
import { readEnv } from './config';
import { workerTokenCommand, WorkerTokenCommandError } from './pipeline/worker-token-commands';

const USAGE = `Usage: npm run server -- <command>

  serve                                   run the server (default; same as npm start)
  user add NAME [--password P]            create an account (else prompts, or reads one line from stdin)
  user reset-password NAME [--password P] set a new password and end all of the account's sessions
  seed --account NAME --password P --files N [--offline] [--views]
                                          add N sample files to the account (created if missing;
                                          seed changes the password only of an account it created),
                                          in short batches that running servers do not wait for;
                                          --offline: one transaction that drops the indexes, then they
                                          are built once (PostgreSQL: after the commit, two at a time; a
                                          server started meanwhile waits, and a seed stopped in between
                                          leaves them to the next start), several times faster, refused
                                          while a server uses the database;
                                          --views: the files get sample views_30d, a long tail (benchmarks
                                          of the Views sort; no stats behind them)
  worker                                  run a pipeline worker alone (no HTTP server): it processes
                                          new files until SIGINT/SIGTERM (VP_MEDIA_DIR, or VP_MEDIA_URL's
                                          bucket; VP_WORKER_NAME)
  worker --api URL [--token T]            the same on nothing but the pipeline API of the server at URL
                                          (no DATABASE_URL, media folder or store credentials): a worker
                                          token (or VP_WORKER_TOKEN); a revoked one ends it (exit 1)
  worker-token create NAME                create a named token of the pipeline API (x-pipeline-token),
                                          printed once; only its SHA-256 is stored
  worker-token list                       name, created, last used (to the minute), revoked
  worker-token revoke NAME                refuse the token from its next call, on every node
  media check                             exercise the media store (VP_MEDIA_DIR, or VP_MEDIA_URL's
                                          bucket): put, head, ranged get, on a bucket a presigned get,
                                          list, delete, one line each
  media move --to s3://BUCKET/PREFIX|FOLDER
                                          copy every file's media from the media store to another
                                          (a bucket, with the AWS_* variables, or a folder), one line
                                          per folder; run again after a kill, it copies only what is
                                          missing. It copies no folder of a purged file and removes
                                          those at the target. Then set VP_MEDIA_URL (or VP_MEDIA_DIR)
                                          to it

Passwords: at least 12 characters (or a passphrase of 4 words or more), not the username, and not
easy to guess (zxcvbn score 3 of 4: no common password, word or keyboard pattern alone).

All commands use DATABASE_URL (PostgreSQL) or else VP_DATA_DIR (default ./data), and work while
servers are running.`;

class UsageError extends Error {}

/** A password from a TTY prompt (not echoed) or the first line of stdin. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) {
    const rl = createInterface({ input, output: process.stdout, terminal: true });
    const rlWithOutput = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    process.stdout.write(prompt);
    rlWithOutput._writeToOutput = () => {}; // do not echo what is typed
    const answer = await new Promise<string>((resolve) => rl.question('', resolve));
    rl.close();
    process.stdout.write('\n');
    return answer;
  }
  const rl = createInterface({ input });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

/** The password policy of every command that sets one (see password-policy.ts). */
function checkPassword(password: string, username: string): string {
  const problem = passwordProblem(password, username);
  if (problem) throw new UsageError(problem);
  return password;
}

function checkUsername(name: string | undefined): string {
  const username = (name ?? '').trim();
  if (!/^[\p{L}\p{N}_.@-]{1,64}$/u.test(username)) {
    throw new UsageError('NAME must be 1-64 letters, digits, "_", ".", "@" or "-".');
  }
  return username;
}

/** The server's database: DATABASE_URL, else VP_DATA_DIR (no read workers: the CLI lists nothing). */
const open = (): Promise<Db> =>
  openDatabase({
    dataDir: process.env.VP_DATA_DIR?.trim() || './data',
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    list: { readWorkers: 0 },
  });

async function user(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { password: { type: 'string' } }, allowPositionals: true });
  const [action, name] = positionals;
  if (action !== 'add' && action !== 'reset-password') throw new UsageError(USAGE);
  const username = checkUsername(name);
  const db = await open();
  try {
    const accounts = new AccountsRepository(db);
    const existing = await accounts.findByUsername(username);
    if (action === 'add' && existing) throw new UsageError(`The account "${username}" already exists (use user reset-password).`);
    await accounts.fillSkeletons(); // a database no server has opened since skeletons exist
    const lookAlike = action === 'add' ? await accounts.findLookAlike(username) : undefined;
    if (lookAlike) throw new UsageError(`That username is taken: "${username}" looks like the account "${lookAlike.username}".`);
    if (action === 'reset-password' && !existing) throw new UsageError(`There is no account "${username}".`);
    const password = checkPassword(values.password ?? (await readPassword(`Password for ${username}: `)), username);
    const hash = await hashPassword(password);
    if (action === 'add') {
      await accounts.create(username, hash, Date.now()).catch((err: unknown) => {
        throw err instanceof UsernameTakenError ? new UsageError(err.message) : err;
      });
      console.log(`Account "${username}" created.`);
    } else {
      const ended = await accounts.setPassword(existing!.account_id, hash, Date.now());
      console.log(`Password of "${username}" changed; ${ended} session(s) ended.`);
    }
  } finally {
    await db.close();
  }
}

async function seed(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      password: { type: 'string' },
      files: { type: 'string' },
      offline: { type: 'boolean' },
      views: { type: 'boolean' },
    },
  });
  const username = checkUsername(values.account);
  const count = Number(values.files ?? '0');
  if (!Number.isInteger(count) || count < 0 || count > 10_000_000)
    throw new UsageError('--files must be a whole number from 0 to 10000000.');
  if (values.password === undefined) throw new UsageError('--password is required.');
  const password = checkPassword(values.password, username);
  const db = await open();
  try {
    if (values.offline) {
      const servers = await db.seeder.serversUsing();
      if (servers)
        throw new UsageError(
          `--offline seeds only a database no server uses, and ${servers} server connection(s) or process(es) use this one: stop them, or seed without --offline.`,
        );
    }
    const accountId = await seedAccount(new AccountsRepository(db), username, password);
    const started = performance.now();
    const range = await seedFiles(db, accountId, count, Date.now(), { offline: values.offline ?? false, views: values.views ?? false });
    await shareDemoVideo(db, accountId, count);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      count
        ? `Account "${username}": added ${count} files (ids ${range.firstId}-${range.lastId}) in ${seconds} s.`
        : `Account "${username}" ready (no files added).`,
    );
  } finally {
    await db.close();
  }
}

/**
 * The account `seed` adds files to: created (and marked as seeded) when missing. An existing account
 * keeps its password when `password` is that password; seed replaces it (ending the account's sessions)
 * only on an account seed created, never on one made by `user add` or the demo data.
 */
async function seedAccount(accounts: AccountsRepository, username: string, password: string): Promise<number> {
  const existing = await accounts.findByUsername(username);
  await accounts.fillSkeletons(); // a database no server has opened since skeletons exist
  if (!existing) {
    return accounts.create(username, await hashPassword(password), Date.now(), { seeded: true }).catch((err: unknown) => {
      throw err instanceof UsernameTakenError ? new UsageError(err.message) : err;
    });
  }
  if (await verifyPassword(existing.password_hash, password)) return existing.account_id;
  if (!existing.seeded) {
    throw new UsageError(
      `The account "${existing.username}" was not created by seed: its password is left as it is. Use: npm run server -- user reset-password ${existing.username}`,
    );
  }
  const ended = await accounts.setPassword(existing.account_id, await hashPassword(password), Date.now());
  console.log(`Password of "${existing.username}" changed; ${ended} session(s) ended.`);
  return existing.account_id;
}

/** `media check`: one line per step of checkMediaStore; `media move --to …`: runMediaMove. Exit status 1 when a step fails. */
async function media(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { to: { type: 'string' } }, allowPositionals: true });
  const [action, ...extra] = positionals;
  const valid = extra.length === 0 && (action === 'check' ? values.to === undefined : action === 'move' && !!values.to?.trim());
  if (!valid) throw new UsageError(`Unknown media command.\n\n${USAGE}`);
  const { options } = readEnv();
  const store = { mediaDir: path.resolve(options.mediaDir!), s3: options.s3 };
  if (action === 'move') {
    const { runMediaMove, moveTarget } = await import('./media/media-move');
    const db = await open();
    try {
      // The database tells purged files apart: their folders are not copied, and their copies at the target go.
      const files = new FilesRepository(db, 0); // only read: no slug is held
      const fileExists = async (fileId: number) => (await files.servingState(fileId)) !== 'gone';
      if (!(await runMediaMove(store, moveTarget(values.to!, process.env), fileExists, (line) => console.log(line)))) process.exitCode = 1;
    } finally {
      await db.close();
    }
    return;
  }
  const [{ checkMediaStore }, { describeMediaStore, openMediaStore }] = await Promise.all([
    import('./media/media-check'),
    import('./media/open-media-store'),
  ]);
  console.log(`Media store: ${describeMediaStore(store)}`);
  const passed = await checkMediaStore(openMediaStore(store), ({ step, problem, ms }) =>
    console.log(problem ? `FAILED ${step}: ${problem}` : `ok     ${step} (${ms} ms)`),
  );
  if (!passed) process.exitCode = 1;
}

/** `worker-token create NAME | list | revoke NAME` (pipeline/worker-token-commands.ts). */
async function workerToken(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const [action, name, ...extra] = positionals;
  if (extra.length || (action === 'list' && name !== undefined)) throw new UsageError(USAGE);
  const db = await open();
  try {
    const lines = await workerTokenCommand(db, action, name, Date.now()).catch((err: unknown) => {
      throw err instanceof WorkerTokenCommandError ? new UsageError(err.message) : err;
    });
    for (const line of lines) console.log(line);
  } finally {
    await db.close();
  }
}

/** The options of `worker`: `--api URL --token T`. */
export const WORKER_OPTIONS = { api: { type: 'string' }, token: { type: 'string' } } as const;

/** `worker`: on the database (DATABASE_URL or VP_DATA_DIR), or with `--api URL` on nothing but the pipeline API. */
async function worker(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: WORKER_OPTIONS });
  if (values.api === undefined) {
    if (values.token !== undefined) throw new UsageError('--token goes with --api URL.');
    return (await import('./worker-process')).runWorker();
  }
  const token = values.token ?? process.env.VP_WORKER_TOKEN?.trim();
  if (!token) throw new UsageError('worker --api needs a worker token: --token T, or VP_WORKER_TOKEN.');
  if (!URL.canParse(values.api) || !/^https?:$/.test(new URL(values.api).protocol))
    throw new UsageError(`--api must be the server's http(s) URL, got ${JSON.stringify(values.api)}.`);
  return (await import('./api-worker-process')).runApiWorker(values.api, token);
}

/** Runs one command to its end. Exported for the end-to-end suite's seeding process, which runs many in one process. */
export async function runCommand(argv: string[]): Promise<void> {
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve':
      return (await import('./serve')).serve();
    case 'user':
      return user(rest);
    case 'seed':
      return seed(rest);
    case 'worker':
      return worker(rest);
    case 'media':
      return media(rest);
    case 'worker-token':
      return workerToken(rest);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

// Run as a program; imported (runCommand), it runs nothing by itself.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCommand(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  });
}
