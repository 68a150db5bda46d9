import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { passwordProblem } from '../src/lib/password-policy';
import { cliOver } from './cli-support';
import { startServer, type TestServer } from './helpers';

describe('the password policy', () => {
  it.each([
    ['12345678', 'at least 12 characters'],
    ['password', 'at least 12 characters'],
    ['        ', 'must not be empty or only spaces'],
    [' '.repeat(20), 'must not be empty or only spaces'],
    ['\t\n  \u00A0', 'must not be empty or only spaces'],
    ['alice-in-chains', 'must not be the username'],
    ['ALICE-IN-CHAINS', 'must not be the username'],
    ['password1234', 'too easy to guess'],
    ['qwertyuiopasdf', 'too easy to guess'],
    ['123456789012', 'too easy to guess'],
    ['alice-in-chains1', 'too easy to guess'], // the username with a digit
    ['x'.repeat(1025), 'at most 1024 characters'],
    ['aa bb cc dd', 'a passphrase needs 4 different words of at least 3 characters'],
    ['ab cd ef gh ij kl', 'a passphrase needs 4 different words of at least 3 characters'],
    ['ruby ox pine go', 'a passphrase needs 4 different words of at least 3 characters'],
    ['glass glass glass glass', 'a passphrase needs 4 different words of at least 3 characters'],
    ['alice-in-chains alice-in-chains', 'must not be the username, or the username repeated'],
    ['Alice-in-Chains alice-in-chains alice-in-chains!', 'must not be the username, or the username repeated'],
    ['alice-in-chainsalice-in-chainsalice-in-chains', 'must not be the username, or the username repeated'],
  ])('refuses %j', (password, reason) => {
    expect(passwordProblem(password, 'alice-in-chains')).toContain(reason);
  });

  it.each(['demodemo', 'demo demo demo demo', 'DEMO-demo-Demo', 'demodemodemodemo'])('refuses %j for the username demo', (password) => {
    expect(passwordProblem(password, 'demo')).toBe('The password must not be the username, or the username repeated.');
  });

  it.each([
    'correct horse battery staple',
    'Tr0ub4dor&3xQz9',
    'glass otter pine ruby',
    'pw-7f3a9c1e5b2d8046',
    'I love my cat Felix 1987',
    'alice-in-chains plays violet kettle drums',
  ])('accepts %j', (password) => {
    expect(passwordProblem(password, 'alice-in-chains')).toBeNull();
  });
});

describe('the demo password', () => {
  it('keeps the published default, and holds a chosen VP_DEMO_PASSWORD to the policy', () => {
    expect(readEnv({}).demoPassword).toBe('demo-password');
    expect(() => readEnv({ VP_DEMO_PASSWORD: 'password' })).toThrow('VP_DEMO_PASSWORD: The password must be at least 12 characters');
    expect(readEnv({ VP_DEMO_PASSWORD: 'password', VP_DEMO: '0' }).demo).toBe(false);
    expect(readEnv({ VP_DEMO_PASSWORD: 'plum rocket velvet isle' }).demoPassword).toBe('plum rocket velvet isle');
  });
});

// Each test spawns the CLI up to five times (tsx compiles it each time: seconds of CPU apiece on a busy
// 2-core machine), so a test waits on processes, not on time: the default 30 s was met under load.
describe('passwords set by the CLI: user add, reset-password, seed', { timeout: 180_000 }, () => {
  let s: TestServer;
  const signIn = (username: string, password: string) => s.request('POST', '/api/auth/login', { json: { username, password } });

  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('user add refuses weak passwords, the username and blanks, and creates the account with a good one', async () => {
    for (const weak of ['12345678', 'password', 'carol-writer', '            ']) {
      const run = await cliOver(s, ['user', 'add', 'carol-writer', '--password', weak]);
      expect(run.status).toBe(2);
      expect(run.out).toMatch(/The password (must|is too easy)/);
      expect((await signIn('carol-writer', weak)).status).toBe(401);
    }
    const run = await cliOver(s, ['user', 'add', 'carol-writer', '--password', 'violet kettle drums north']);
    expect(run.status).toBe(0);
    expect((await signIn('carol-writer', 'violet kettle drums north')).status).toBe(200);
  });

  it('reset-password applies the policy and ends every session of the account', async () => {
    const key = await s.login('carol-writer', 'violet kettle drums north');
    expect((await cliOver(s, ['user', 'reset-password', 'carol-writer', '--password', 'password1234'])).status).toBe(2);
    expect((await s.request('GET', '/api/config', { key })).status).toBe(200);
    const run = await cliOver(s, ['user', 'reset-password', 'carol-writer', '--password', 'amber willow seven comet']);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/[1-9]\d* session\(s\) ended/);
    expect((await s.request('GET', '/api/config', { key })).status).toBe(401);
    expect((await signIn('carol-writer', 'violet kettle drums north')).status).toBe(401);
    expect((await signIn('carol-writer', 'amber willow seven comet')).status).toBe(200);
  });

  it('seed never replaces the password of an account it did not create', async () => {
    const key = await s.login('carol-writer', 'amber willow seven comet');
    const run = await cliOver(s, ['seed', '--account', 'carol-writer', '--password', 'another strong pass phrase', '--files', '1']);
    expect(run.status).toBe(2);
    expect(run.out).toContain('was not created by seed');
    expect((await signIn('carol-writer', 'amber willow seven comet')).status).toBe(200);
    expect((await s.request('GET', '/api/files/', { key })).body.data.pagination.total_records).toBe(0);
    // Its own password is no replacement: the files are added.
    expect((await cliOver(s, ['seed', '--account', 'carol-writer', '--password', 'amber willow seven comet', '--files', '2'])).status).toBe(
      0,
    );
    expect((await s.request('GET', '/api/files/', { key })).body.data.pagination.total_records).toBe(2);
  });

  it('seed applies the policy, and a new password of an account it created ends its sessions', async () => {
    expect((await cliOver(s, ['seed', '--account', 'seeded-dave', '--password', 'x', '--files', '0'])).status).toBe(2);
    expect((await cliOver(s, ['seed', '--account', 'seeded-dave', '--password', 'seeded-dave', '--files', '0'])).status).toBe(2);
    expect((await cliOver(s, ['seed', '--account', 'seeded-dave', '--password', 'maple orbit lantern fig', '--files', '1'])).status).toBe(
      0,
    );
    const key = await s.login('seeded-dave', 'maple orbit lantern fig');
    const run = await cliOver(s, ['seed', '--account', 'seeded-dave', '--password', 'cobalt harbor quiet mint', '--files', '0']);
    expect(run.status).toBe(0);
    expect(run.out).toMatch(/[1-9]\d* session\(s\) ended/);
    expect((await s.request('GET', '/api/config', { key })).status).toBe(401);
    expect((await signIn('seeded-dave', 'cobalt harbor quiet mint')).status).toBe(200);
  });
});
