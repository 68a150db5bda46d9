import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toTsQuery } from '../src/db/postgres/file-search';
import { SqliteDb } from '../src/db/sqlite/connection';
import { toMatchQuery } from '../src/db/sqlite/list-planner';
import { ENGINE, isEnvelope, startServer, type TestServer } from './helpers';

describe('property: the list endpoint never fails with a 500', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('prop', 'prop-password', 120);
    key = await s.login('prop', 'prop-password');
  });
  afterAll(() => s.close());

  const names = fc.constantFrom(
    'page',
    'limit',
    'sort_by',
    'order',
    'search',
    'isActive',
    'file_status',
    'x',
    'page[]',
    '__proto__',
    'constructor',
  );
  const values = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(
      '',
      ' ',
      '-1',
      '0',
      '1',
      '10',
      '11',
      '100',
      '101',
      '1e3',
      'NaN',
      'Infinity',
      'true',
      'asc',
      'DESC',
      'file_title',
      'created_at',
      '"',
      '*',
      'AND',
      'NEAR(',
      '^',
      '\u0000',
    ),
  );

  it('random query strings: 200 or 400, always the envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 8 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
        const res = await s.request('GET', `/api/files/?${query}`, { key });
        expect([200, 400]).toContain(res.status);
        expect(isEnvelope(res.body)).toBe(true);
      }),
      { numRuns: 250 },
    );
  });

  it('random raw query bytes: never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), async (raw) => {
        const query = [...raw].map((c) => (/[A-Za-z0-9=&%+._-]/.test(c) ? c : encodeURIComponent(c))).join('');
        const res = await s.request('GET', `/api/files/?${query}`, { key });
        expect(res.status).toBeLessThan(500);
        expect(isEnvelope(res.body)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('random search strings: 200 with a consistent total', async () => {
    const search = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc
        .array(
          fc.constantFrom(
            '"',
            '*',
            'AND',
            'OR',
            'NOT',
            'NEAR',
            '(',
            ')',
            ':',
            '^',
            '-',
            '+',
            'file_title',
            'a',
            '12',
            ' ',
            '\u00e9',
            '\u6771',
          ),
          { maxLength: 10 },
        )
        .map((p) => p.join('')),
    );
    await fc.assert(
      fc.asyncProperty(search, async (q) => {
        const res = await s.request('GET', `/api/files/?limit=100&search=${encodeURIComponent(q)}`, { key });
        expect(res.status, JSON.stringify(q)).toBe(q.trim().length > 200 ? 400 : 200);
        if (res.status === 200) expect(res.body.data.pagination.total_records).toBeGreaterThanOrEqual(res.body.data.files.length);
      }),
      { numRuns: 300 },
    );
  });

  it.runIf(ENGINE === 'sqlite')('toMatchQuery output is always valid FTS5 syntax', () => {
    const stmt = (s.app.db as SqliteDb).native.prepare('SELECT count(*) FROM files_search WHERE files_search MATCH ?');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (q) => {
        const fts = toMatchQuery(7, q);
        if (fts !== null) stmt.pluck().get(fts);
      }),
      { numRuns: 1000 },
    );
  });

  it.runIf(ENGINE === 'postgres')('toTsQuery output is always a valid tsquery', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), async (q) => {
        const query = toTsQuery(7, q);
        if (query !== null) await s.app.db.get('SELECT ?::tsquery AS q', [query]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('malformed requests', () => {
  it('answers raw non-ASCII bytes in the URL with the envelope', async () => {
    const s = await startServer();
    const net = await import('node:net');
    const { port } = new URL(s.base);
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          Buffer.concat([
            Buffer.from('GET /api/files/?search=krak'),
            Buffer.from('ów', 'utf8'),
            Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
          ]),
        );
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(reply.split('\r\n\r\n')[1]!)).toEqual({
      status: 'error',
      message: 'The request is malformed (is the URL percent-encoded?)',
    });
    await s.close();
  });
});
