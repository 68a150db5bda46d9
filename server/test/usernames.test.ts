import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsernameTakenError } from '../src/db/accounts-repository';
import { hashPassword } from '../src/lib/passwords';
import { usernameSkeleton } from '../src/lib/username-skeleton';
import { cliOver } from './cli-support';
import { START, startServer, type TestServer } from './helpers';

describe('look-alike usernames', () => {
  let s: TestServer;
  let hash: string;
  const accountsLike = async (username: string) =>
    (
      await s.app.db.all<{ username: string }>('SELECT username FROM accounts WHERE username_skeleton = ?', [usernameSkeleton(username)])
    ).map((r) => r.username);

  beforeAll(async () => {
    s = await startServer();
    hash = await hashPassword('look-alike-password');
  });
  afterAll(() => s.close());

  it('refuses a new username whose confusables skeleton is an existing account’s', async () => {
    await s.app.accounts.create('demo', hash, START);
    // A Cyrillic е, the username in capitals, a zero for the o, fullwidth letters, "rn" for the m.
    for (const lookAlike of ['dеmo', 'DEMO', 'dem0', 'ｄｅｍｏ', 'derno']) {
      await expect(s.app.accounts.create(lookAlike, hash, START), lookAlike).rejects.toThrow(UsernameTakenError);
      await expect(s.app.accounts.create(lookAlike, hash, START)).rejects.toThrow('That username is taken');
    }
    expect(await accountsLike('demo')).toEqual(['demo']);
    expect(await s.app.accounts.findLookAlike('dеmo')).toMatchObject({ username: 'demo' });
    await expect(s.app.accounts.create('dema', hash, START)).resolves.toBeGreaterThan(0); // another name
  });

  it('two creations of look-alike usernames racing: exactly one account', async () => {
    for (let round = 0; round < 5; round++) {
      const names = [`racer${round}`, `r\u0430cer${round}`]; // the second with a Cyrillic а
      const results = await Promise.allSettled(names.map((name) => s.app.accounts.create(name, hash, START)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.reason).toBeInstanceOf(UsernameTakenError);
      expect(await accountsLike(names[0]!)).toHaveLength(1);
    }
  });

  it('signs in by the username as typed only: a look-alike of it is no account', async () => {
    await s.addAccount('signer', 'signer-password', 0);
    const signIn = (username: string) => s.request('POST', '/api/auth/login', { json: { username, password: 'signer-password' } });
    expect((await signIn('signer')).status).toBe(200);
    expect((await signIn('ѕigner')).status).toBe(401); // a Cyrillic ѕ
  });

  it('user add refuses a look-alike, naming the account it looks like', async () => {
    const run = await cliOver(s, ['user', 'add', 'dеmo', '--password', 'violet kettle drums north']);
    expect(run.status).toBe(2);
    expect(run.out).toContain('That username is taken: "dеmo" looks like the account "demo".');
    expect(await accountsLike('demo')).toEqual(['demo']);
  }, 120_000);
});
