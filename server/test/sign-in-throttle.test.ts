import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs } from '../src/db/sign-in-throttle';
import { startServer, type TestServer } from './helpers';
import { rawRequest } from './raw-http';

const TOO_MANY = { status: 'error', message: 'Too many failed sign-in attempts. Try again later.' };

describe('sign-in throttling slows the attacker, not the victim', () => {
  let s: TestServer;
  /** A sign-in from a given loopback address (Linux routes all of 127.0.0.0/8 to this machine). */
  const signIn = async (from: string, username: string, password: string) => {
    const reply = await rawRequest(s.base, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      localAddress: from,
    });
    return { status: reply.status, body: JSON.parse(reply.body), retryAfter: Number(reply.headers['retry-after'] ?? 0) };
  };

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('victim', 'victim-password', 0);
    await s.addAccount('bystander', 'bystander-password', 0);
  });
  afterAll(() => s.close());

  it('an attacker hammering one account from one address is refused with growing delays; the victim signs in from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await signIn('127.0.0.2', 'victim', `guess-${i}`)).status);
    const refused = statuses.filter((st) => st === 429).length;
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(refused).toBe(95);

    const blocked = await signIn('127.0.0.2', 'victim', 'guess-again');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(blocked.retryAfter).toBe(1);

    // The victim, on a clean address, while the attack runs: a typo, then the right password.
    expect((await signIn('127.0.0.3', 'victim', 'victim-pasword')).status).toBe(401);
    const victim = await signIn('127.0.0.3', 'victim', 'victim-password');
    expect(victim.status).toBe(200);
    expect(victim.body.data.apiKey).toMatch(/\S{20,}/);
    console.log(
      `lock-out: attacker on 127.0.0.2 made 100 attempts, ${refused} refused with 429, 5 checked (401); victim on 127.0.0.3 signed in: ${victim.status}`,
    );

    // The attacker's delays grow: each failure after the allowance doubles the wait (1 s, 2 s, 4 s …).
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      s.advance(blocked.retryAfter * 1000 * 2 ** i);
      expect((await signIn('127.0.0.2', 'victim', `late-guess-${i}`)).status).toBe(401);
      waits.push((await signIn('127.0.0.2', 'victim', 'too-soon')).retryAfter);
    }
    expect(waits).toEqual([2, 4, 8, 16]);
  });

  it('guesses spread over many addresses: each unknown address gets one try once the account is under attack; known and clean addresses still sign in', async () => {
    await s.addAccount('target', 'target-password', 0);
    expect((await signIn('127.0.0.50', 'target', 'target-password')).status).toBe(200); // the owner's usual address

    let refused = 0;
    let checked = 0;
    for (let a = 0; a < 30; a++) {
      for (let i = 0; i < 3; i++) {
        const res = await signIn(`127.0.1.${a + 1}`, 'target', `spread-${a}-${i}`);
        if (res.status === 429) refused++;
        else checked++;
      }
    }
    // The ceiling (20 failures) is reached on the 7th address's 2nd guess (6 x 3 + 2); from then on
    // each new address gets one guess: 20 + 23 checked out of 90.
    expect(checked).toBe(43);
    expect(refused).toBe(47);
    expect((await signIn('127.0.0.50', 'target', 'target-password')).status).toBe(200); // known address
    expect((await signIn('127.0.0.99', 'target', 'target-password')).status).toBe(200); // clean new address
    console.log(
      `spread attack: 30 addresses x 3 guesses, ${checked} checked, ${refused} refused; owner signed in from a known and from a clean address`,
    );
  });

  it('an address failing on many accounts is slowed, but not for an account it signed in to before', async () => {
    expect((await signIn('127.0.2.1', 'bystander', 'bystander-password')).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await signIn('127.0.2.1', `nobody-${i}`, 'x')).status).toBe(401);
    expect((await signIn('127.0.2.1', 'nobody-else', 'x')).status).toBe(429);
    expect((await signIn('127.0.2.1', 'bystander', 'bystander-password')).status).toBe(200);
  });

  it('the counts are in the database: a restart does not reset them; they are forgotten after an hour', async () => {
    for (let i = 0; i < 6; i++) await signIn('127.0.3.1', 'bystander', `wrong-${i}`);
    expect((await signIn('127.0.3.1', 'bystander', 'bystander-password')).status).toBe(429);
    const { dataDir } = s;
    const now = s.now.value;
    await s.app.close();
    s = await startServer({}, dataDir);
    s.now.value = now;
    expect((await signIn('127.0.3.1', 'bystander', 'bystander-password')).status).toBe(429);
    s.advance(3_600_001);
    expect((await signIn('127.0.3.1', 'bystander', 'bystander-password')).status).toBe(200);
  });

  it('backoff doubles from 1 s after the allowance, up to its cap', () => {
    expect([4, 5, 6, 7, 30, 60].map((n) => backoffMs(n, 5, 900_000))).toEqual([0, 1000, 2000, 4000, 900_000, 900_000]);
  });
});
