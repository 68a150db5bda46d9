import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layer rules (eslint.config.js, docs/architecture.md "The server"): each zone is proven by
 * a snippet linted at a path of the layer it guards, importing a real module of a layer it may not import,
 * and must fail with the rule's message; a downward import of the same layer passes. Then the whole of
 * server/src is checked for import cycles, type-only imports included (import-x/no-cycle skips those).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'server/src');

let eslint: ESLint;
beforeAll(() => {
  // Cycles are the last test's (no-cycle would walk the whole server from each snippet's imports).
  eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
});

/** The messages of the layer rules a snippet at `file` (relative to server/src) breaks. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(SRC, file) });
  const layerRules = ['import-x/no-restricted-paths', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports'];
  return result!.messages.filter((m) => m.ruleId && layerRules.includes(m.ruleId)).map((m) => m.message);
}

const upward = (layer: string) => `${layer} imports only the layers below it`;

// Each layer, a file of it, and a real module of the layer right above it (which it may not import).
const layers = [
  { name: 'app', file: 'app.ts', above: './serve' },
  { name: 'routes', file: 'routes/fixture.ts', above: '../app' },
  { name: 'plugins', file: 'plugins/fixture.ts', above: '../routes/files' },
  { name: 'services', file: 'ingest/fixture.ts', above: '../plugins/errors' },
  { name: 'jobs', file: 'jobs/fixture.ts', above: '../bulk/bulk-job' },
  { name: 'schemas', file: 'schemas/fixture.ts', above: '../jobs/worker' },
  { name: 'db', file: 'db/fixture.ts', above: '../schemas/messages' },
  { name: 'media', file: 'media/fixture.ts', above: '../db/files' },
  { name: 'lib', file: 'lib/fixture.ts', above: '../media/file-media' },
];

describe('the server layers', () => {
  it.each(layers)('$name/ may not import the layer above it', async ({ name, file, above }) => {
    expect(await layerErrors(file, `import * as above from '${above}';\nvoid above;`)).toEqual([expect.stringContaining(upward(name))]);
  });

  it.each(layers)('$name/ may import below it', async ({ file }) => {
    expect(
      await layerErrors(
        file,
        `import { randomToken } from '${path.relative(path.dirname(path.join(SRC, file)), path.join(SRC, 'lib/tokens'))}';\nvoid randomToken;`,
      ),
    ).toEqual([]);
  });

  it('a type-only import runs back up no more than a value does', async () => {
    expect(await layerErrors('db/fixture.ts', `import type { Worker } from '../jobs/worker';\nexport type W = Worker;`)).toEqual([
      expect.stringContaining(upward('db')),
    ]);
  });

  it('route files never import each other', async () => {
    expect(await layerErrors('routes/fixture.ts', `import { TRASH_FIRST } from './files';\nvoid TRASH_FIRST;`)).toEqual([
      expect.stringContaining('Route files never import each other'),
    ]);
  });

  const services = [
    { service: 'ingest', other: '../pipeline/process-file' },
    { service: 'pipeline', other: '../ingest/new-file' },
    { service: 'bulk', other: '../events/file-event-hub' },
    { service: 'subtitles', other: '../player/player-page' },
    { service: 'events', other: '../subtitles/track-facts' },
    { service: 'player', other: '../bulk/bulk-job' },
  ];
  it.each(services)('$service/ never imports another service', async ({ service, other }) => {
    expect(await layerErrors(`${service}/fixture.ts`, `import * as other from '${other}';\nvoid other;`)).toEqual([
      expect.stringContaining('Server services never import each other'),
    ]);
  });

  it('the job queue is a repository of db/: jobs/ and bulk/ take it from there, and nothing from pipeline/', async () => {
    const queue = `import type { JobsRepository } from '../db/jobs-repository';\nexport type Q = JobsRepository;`;
    expect(await layerErrors('jobs/fixture.ts', queue)).toEqual([]);
    expect(await layerErrors('bulk/fixture.ts', queue)).toEqual([]);
    const status = `import type { FileStatusWriter } from '../pipeline/file-status';\nexport type S = FileStatusWriter;`;
    expect(await layerErrors('jobs/fixture.ts', status)).toEqual([expect.stringContaining(upward('jobs'))]);
    expect(await layerErrors('bulk/fixture.ts', status)).toEqual([expect.stringContaining('Server services never import each other')]);
  });

  it('only db/open.ts imports an engine, and neither engine the other', async () => {
    const engine = 'Only server/src/db/open.ts imports an engine';
    const sqlite = `import { openSqlite } from './sqlite/open-sqlite';\nvoid openSqlite;`;
    expect(await layerErrors('db/open.ts', sqlite)).toEqual([]);
    expect(await layerErrors('db/fixture.ts', sqlite)).toEqual([expect.stringContaining(engine)]);
    expect(await layerErrors('plugins/fixture.ts', `import { PgDb } from '../db/postgres/connection';\nvoid PgDb;`)).toEqual([
      expect.stringContaining(engine),
    ]);
    expect(await layerErrors('db/sqlite/fixture.ts', `import { PgDb } from '../postgres/connection';\nvoid PgDb;`)).toEqual([
      expect.stringContaining(engine),
    ]);
    expect(await layerErrors('db/postgres/fixture.ts', `import { SqliteDb } from '../sqlite/connection';\nvoid SqliteDb;`)).toEqual([
      expect.stringContaining(engine),
    ]);
  });

  it('each driver is imported in its engine folder only', async () => {
    const pg = `import pg from 'pg';\nvoid pg;`;
    const sqlite = `import Database from 'better-sqlite3';\nvoid Database;`;
    expect(await layerErrors('db/postgres/fixture.ts', pg)).toEqual([]);
    expect(await layerErrors('db/sqlite/fixture.ts', sqlite)).toEqual([]);
    expect(await layerErrors('db/open.ts', pg)).toEqual([expect.stringContaining('Only server/src/db/postgres/ imports pg')]);
    expect(await layerErrors('db/sqlite/fixture.ts', pg)).toEqual([expect.stringContaining('Only server/src/db/postgres/ imports pg')]);
    expect(await layerErrors('db/postgres/fixture.ts', sqlite)).toEqual([
      expect.stringContaining('Only server/src/db/sqlite/ imports better-sqlite3'),
    ]);
  });

  it('types.ts (the app layer) is imported below it for its types only', async () => {
    const typesOnly = 'server/src/types.ts is imported for its types only';
    expect(await layerErrors('plugins/fixture.ts', `import type { Settings } from '../types';\nexport type S = Settings;`)).toEqual([]);
    expect(await layerErrors('plugins/fixture.ts', `import '../types';`)).toEqual([expect.stringContaining(typesOnly)]);
  });
});

/** Every relative import of every module of server/src, type-only ones included, as resolved files. */
function importGraph(): Map<string, string[]> {
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs)$/.test(file))
    .map((file) => path.join(SRC, file));
  const resolveFrom = (from: string, specifier: string) =>
    ['', '.ts', '.mts', '.mjs', '/index.ts']
      .map((ext) => path.resolve(path.dirname(from), specifier) + ext)
      .find((file) => files.includes(file));
  return new Map(
    files.map((file) => [
      file,
      ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .flatMap(({ fileName }) => resolveFrom(file, fileName) ?? []),
    ]),
  );
}

/** The graph's strongly connected components of more than one module (Tarjan), as paths relative to server/src. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(path.relative(SRC, member));
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server/src has no import cycle', () => {
  it('finds a cycle through a type-only import (the check works)', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
    expect(
      ts.preProcessFile(`import type { PgDb } from './connection';`, true, true).importedFiles.map(({ fileName }) => fileName),
    ).toEqual(['./connection']);
  });

  it('counting type-only imports too', () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
