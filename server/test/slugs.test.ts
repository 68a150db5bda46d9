import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

const DAY = 86_400_000;
const LONG_SESSIONS = { sessionIdleSeconds: 1e9, sessionMaxSeconds: 1e9 };

// Embed URLs stay their owner's: slugs unique in any case, freed slugs held for their account.
describe('slugs', () => {
  let s: TestServer;
  let owner: string;
  let rival: string;
  let ownerIds: number[];
  let rivalIds: number[];
  beforeAll(async () => {
    s = await startServer({ slugHoldDays: 365, trashDays: 30, ...LONG_SESSIONS });
    await s.addAccount('owner', 'owner-password', 6);
    await s.addAccount('rival', 'rival-password', 3);
    owner = await s.login('owner', 'owner-password');
    rival = await s.login('rival', 'rival-password');
    const idsOf = async (key: string) =>
      (await s.request('GET', '/api/files/?limit=10&sort_by=file_id&order=asc', { key })).body.data.files.map(
        (f: { file_id: number }) => f.file_id,
      );
    ownerIds = await idsOf(owner);
    rivalIds = await idsOf(rival);
  });
  afterAll(() => s.close());

  const rename = (key: string, id: number, slug: string) => s.request('PUT', `/api/files/${id}`, { key, json: { file_slug: slug } });

  it('are unique whatever their case', async () => {
    expect((await rename(owner, ownerIds[0]!, 'Launch-Video')).status).toBe(200);
    const clash = await rename(rival, rivalIds[0]!, 'launch-video');
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Slug already in use');
    expect((await rename(owner, ownerIds[1]!, 'LAUNCH-VIDEO')).status).toBe(409);
  });

  it('holds a renamed file’s old slug for its account: others get 409, its old player URL redirects (301)', async () => {
    expect((await rename(owner, ownerIds[2]!, 'spring-keynote')).status).toBe(200);
    await s.request('PUT', `/api/files/${ownerIds[2]}`, { key: owner, json: { isActive: 1 } });
    expect((await rename(owner, ownerIds[2]!, 'spring-keynote-2026')).status).toBe(200);
    expect((await rename(rival, rivalIds[0]!, 'spring-keynote')).status).toBe(409);
    expect((await rename(rival, rivalIds[0]!, 'Spring-Keynote')).status).toBe(409);
    const old = await fetch(`${s.base}/player/spring-keynote`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/player/spring-keynote-2026');
    // the account itself may take it back (another of its files too)
    expect((await rename(owner, ownerIds[3]!, 'spring-keynote')).status).toBe(200);
    expect((await fetch(`${s.base}/player/spring-keynote`, { redirect: 'manual' })).status).not.toBe(301);
  });

  it('keeps a trashed file’s slug taken, holds it after the purge (410), and frees it when the hold ends', async () => {
    expect((await rename(owner, ownerIds[4]!, 'gone-soon')).status).toBe(200);
    await s.request('DELETE', `/api/files/${ownerIds[4]}`, { key: owner });
    expect((await rename(rival, rivalIds[1]!, 'gone-soon')).status).toBe(409);
    expect((await s.request('DELETE', `/api/files/${ownerIds[4]}?permanent=1`, { key: owner })).status).toBe(200);
    expect((await rename(rival, rivalIds[1]!, 'gone-soon')).status).toBe(409);
    expect((await fetch(`${s.base}/player/gone-soon`, { redirect: 'manual' })).status).toBe(410);
    s.advance(366 * DAY);
    expect((await rename(rival, rivalIds[1]!, 'gone-soon')).status).toBe(200);
  });
});
