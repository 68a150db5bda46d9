import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/** GET/PUT /api/config's player.embed: each account's embed defaults, stored on the server. */
describe('embed defaults', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('alice', 'alice-password', 0);
    await s.addAccount('bob', 'bob-password', 0);
    key = await s.login('alice', 'alice-password');
    otherKey = await s.login('bob', 'bob-password');
  });
  afterAll(() => s.close());

  const embedOf = async (k: string) => (await s.request('GET', '/api/config', { key: k })).body.data.player.embed;

  it('starts empty (the player defaults), stores what is saved, per account, and replaces it on the next save', async () => {
    expect(await embedOf(key)).toEqual({});
    const saved = await s.request('PUT', '/api/config', {
      key,
      json: { player: { embed: { start: 83, autoplay: true, loop: true, controls: false, subtitles: 'PT-BR', title: false } } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe('success');
    const expected = { start: 83, autoplay: true, loop: true, controls: false, subtitles: 'pt-br', title: false };
    expect(saved.body.data.player.embed).toEqual(expected);
    expect(await embedOf(key)).toEqual(expected);
    expect(await embedOf(otherKey)).toEqual({});
    expect(await s.app.db.get('SELECT params FROM account_embed_defaults')).toEqual({
      params: 'start=1m23s&autoplay=1&loop=1&controls=0&subtitles=pt-br&title=0',
    });

    await s.request('PUT', '/api/config', { key, json: { player: { embed: { muted: true } } } });
    expect(await embedOf(key)).toEqual({ muted: true });
    await s.request('PUT', '/api/config', { key, json: { player: { embed: {} } } });
    expect(await embedOf(key)).toEqual({});
  });

  it('refuses what is not a player parameter with a 400 envelope, never a 500, and keeps what was stored', async () => {
    await s.request('PUT', '/api/config', { key, json: { player: { embed: { loop: true } } } });
    for (const json of [
      {},
      { player: {} },
      { player: { embed: { start: -1 } } },
      { player: { embed: { start: 'soon' } } },
      { player: { embed: { start: 1e9 } } },
      { player: { embed: { autoplay: 'maybe' } } },
      { player: { embed: { subtitles: '<script>' } } },
      [],
      'text',
    ]) {
      const reply = await s.request('PUT', '/api/config', { key, json });
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.status).toBe('error');
    }
    expect(await embedOf(key)).toEqual({ loop: true });
    // Fields that are no player parameter are dropped (as everywhere in this API), never stored.
    const extra = await s.request('PUT', '/api/config', {
      key,
      json: { player: { embed: { loop: true, color: 'red' }, domain: 'https://evil.example/' } },
    });
    expect(extra.body.data.player.embed).toEqual({ loop: true });
    expect((await s.request('GET', '/api/config', { key })).body.data.player.domain).not.toContain('evil');
    expect((await s.request('PUT', '/api/config', { json: { player: { embed: {} } } })).status).toBe(401);
  });
});
