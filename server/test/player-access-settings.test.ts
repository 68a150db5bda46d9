import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';

/**
 * Where a file's player may play (issue 40): a file's `player_access` (PUT /api/files/{id}, versioned,
 * logged, sent as a file event) and the account's default (`player.access`, PUT /api/config).
 */
describe('player access settings', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  let fileId: number;

  const SITES = { embed: 'sites', sites: ['school.example', '*.school.example'], signed: false, allow_no_referrer: true };

  beforeAll(async () => {
    s = await startServer({ activityDays: 30 });
    await s.addAccount('owner', 'owner-password', 2);
    await s.addAccount('other', 'other-password', 1);
    key = await s.login('owner', 'owner-password');
    otherKey = await s.login('other', 'other-password');
    fileId = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it("sets a file's own access with If-Match, logs it, sends it as a file event, and sets it back to the default with null", async () => {
    const before = await s.request('GET', `/api/files/${fileId}`, { key });
    expect(before.body.data).not.toHaveProperty('player_access'); // absent: the account's default
    const stream = await openEventStream(s.base, { key, lastEventId: before.headers.get('x-last-event-id')! });
    try {
      const stale = await s.request('PUT', `/api/files/${fileId}`, {
        key,
        json: { player_access: SITES },
        headers: { 'if-match': `"${before.body.data.version - 1}"` },
      });
      expect(stale.status).toBe(412);

      const saved = await s.request('PUT', `/api/files/${fileId}`, {
        key,
        json: { player_access: SITES },
        headers: { 'if-match': before.headers.get('etag')! },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.player_access).toEqual(SITES);
      expect(saved.body.data.version).toBe(before.body.data.version + 1);
      expect((await s.request('GET', `/api/files/${fileId}`, { key })).body.data.player_access).toEqual(SITES);

      const event = await stream.waitFor((f) => f.event === 'file' && 'player_access' in (JSON.parse(f.data!).changes ?? {}));
      expect(JSON.parse(event.data!)).toEqual({ kind: 'changed', file_id: fileId, changes: { player_access: SITES } });

      const again = await s.request('PUT', `/api/files/${fileId}`, { key, json: { player_access: SITES } });
      expect(again.body.message).toBe('No changes to save');

      const back = await s.request('PUT', `/api/files/${fileId}`, { key, json: { player_access: null } });
      expect(back.status).toBe(200);
      expect(back.body.data).not.toHaveProperty('player_access');

      const log = (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;
      expect(log.slice(0, 2).map((e: { detail: unknown }) => e.detail)).toEqual([
        { player_access: { before: SITES, after: null } },
        { player_access: { before: null, after: SITES } },
      ]);
    } finally {
      stream.close();
    }
  });

  it('refuses a setting it cannot enforce with a 400 envelope that says why, and keeps what was stored', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => `site${i}.example`);
    for (const [access, message] of [
      [{ ...SITES, sites: ['https://school.example/page'] }, 'Not a host name: "https://school.example/page"'],
      [{ ...SITES, sites: ['School.Example'] }, 'Not a host name: "School.Example"'],
      [{ ...SITES, sites: ['*'] }, 'Not a host name: "*"'],
      [{ ...SITES, sites: ['a.*.example'] }, 'Not a host name: "a.*.example"'],
      [{ ...SITES, sites: tooMany }, 'At most 50 sites may be listed (51 were)'],
      [{ ...SITES, sites: [] }, 'List at least one site, or choose anywhere or nowhere'],
    ] as const) {
      const reply = await s.request('PUT', `/api/files/${fileId}`, { key, json: { player_access: access } });
      expect(reply.status).toBe(400);
      expect(reply.body.status).toBe('error');
      expect(reply.body.message).toContain(message);
      const config = await s.request('PUT', '/api/config', { key, json: { player: { access } } });
      expect(config.status).toBe(400);
      expect(config.body.message).toContain(message);
    }
    for (const access of [{ ...SITES, embed: 'somewhere' }, { ...SITES, signed: 'yes' }, { embed: 'anywhere' }, 'anywhere']) {
      const reply = await s.request('PUT', `/api/files/${fileId}`, { key, json: { player_access: access } });
      expect(reply.status, JSON.stringify(access)).toBe(400);
      expect(reply.body.status).toBe('error');
    }
    expect((await s.request('GET', `/api/files/${fileId}`, { key })).body.data).not.toHaveProperty('player_access');
  });

  it("keeps the account's default in config player.access, per account, absent until set", async () => {
    expect((await s.request('GET', '/api/config', { key })).body.data.player).not.toHaveProperty('access');
    const nowhere = { embed: 'nowhere', sites: [], signed: true, allow_no_referrer: false };
    const saved = await s.request('PUT', '/api/config', { key, json: { player: { access: nowhere } } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      status: 'success',
      message: 'Player access saved',
      data: { player: { embed: {}, access: nowhere } },
    });
    expect((await s.request('GET', '/api/config', { key })).body.data.player.access).toEqual(nowhere);
    expect((await s.request('GET', '/api/config', { key: otherKey })).body.data.player).not.toHaveProperty('access');
    // The embed defaults and the access are saved apart: one does not reset the other.
    await s.request('PUT', '/api/config', { key, json: { player: { embed: { loop: true } } } });
    expect((await s.request('GET', '/api/config', { key })).body.data.player).toMatchObject({ embed: { loop: true }, access: nowhere });
    const empty = await s.request('PUT', '/api/config', { key, json: { player: {} } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to save: send player.embed, player.access and/or downloads');
  });

  it("another account cannot set a file's access", async () => {
    const reply = await s.request('PUT', `/api/files/${fileId}`, { key: otherKey, json: { player_access: SITES } });
    expect(reply.status).toBe(404);
  });
});
