import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker, withoutTsx, WORKER_CACHE_DIR } from '../src/lib/start-worker';
import type { RenditionReply } from '../src/subtitles/rendition-pool';
import { makeRendition } from '../src/subtitles/subtitle-content';
import { SRT } from './helpers';

const ENTRY = new URL('../src/subtitles/rendition-worker.ts', import.meta.url);
// A folder of its own where the server's bundles go (their packages resolve from the project's node_modules).
fs.mkdirSync(WORKER_CACHE_DIR, { recursive: true });
const cacheDir = fs.mkdtempSync(path.join(WORKER_CACHE_DIR, 'test-'));
afterAll(() => fs.rmSync(cacheDir, { recursive: true, force: true }));

/** The subtitle worker's answer to one conversion. */
async function convert(worker: Worker): Promise<RenditionReply> {
  await once(worker, 'online');
  const bytes = new TextEncoder().encode(SRT);
  worker.postMessage({ id: 1, kind: 'rendition', bytes, fileName: 'a.srt' });
  const [reply] = (await once(worker, 'message')) as [RenditionReply];
  await worker.terminate();
  return reply;
}

describe('startWorker', () => {
  const expected = makeRendition(new TextEncoder().encode(SRT), 'a.srt');

  it('bundles a TypeScript entry once into a file named by its content, which later threads share', async () => {
    const first = await convert(startWorker(ENTRY, {}, cacheDir));
    expect(first.result).toEqual(expected);
    const bundlesIn = (folder: string) => fs.readdirSync(folder).filter((file) => file.endsWith('.mjs'));
    const bundles = bundlesIn(cacheDir);
    expect(bundles).toEqual([expect.stringMatching(/^rendition-worker-[0-9a-f]{16}\.mjs$/)]);
    const second = await convert(startWorker(ENTRY, {}, cacheDir));
    expect(second.result).toEqual(expected);
    expect(bundlesIn(cacheDir)).toEqual(bundles);
  });

  it('starts later processes from the bundle while its sources are unchanged, and bundles again when one changes', async () => {
    // A worker of two modules of its own, saved a minute ago (a source saved just before a build is not trusted).
    const sources = fs.mkdtempSync(path.join(cacheDir, 'sources-'));
    const entry = path.join(sources, 'answer-worker.ts');
    const part = path.join(sources, 'answer.ts');
    const save = (file: string, text: string) => {
      fs.writeFileSync(file, text);
      const minuteAgo = new Date(Date.now() - 60_000);
      fs.utimesSync(file, minuteAgo, minuteAgo);
    };
    save(
      entry,
      "import { parentPort } from 'node:worker_threads';\nimport { answer } from './answer';\nparentPort!.postMessage(answer);\n",
    );
    save(part, 'export const answer: string = "first";\n');
    // A folder named differently each time stands for a new process (a process keeps the bundles it made).
    const answerOf = async (folder: string) => {
      const worker = startWorker(pathToFileURL(entry), {}, folder);
      const [answer] = (await once(worker, 'message')) as [string];
      await worker.terminate();
      return answer;
    };
    const bundleFolder = path.join(cacheDir, 'answers');
    expect(await answerOf(bundleFolder)).toBe('first');
    const [record] = fs.readdirSync(bundleFolder).filter((file) => file.endsWith('.inputs.json'));
    const recorded = JSON.parse(fs.readFileSync(path.join(bundleFolder, record!), 'utf8'));
    expect(Object.keys(recorded.inputs).sort()).toEqual([part, entry].sort());

    // Unchanged: the next process takes the recorded bundle, not esbuild's (here a copy changed by hand, put in the record).
    const copy = recorded.bundle.replace(/\.mjs$/, '-copy.mjs');
    fs.writeFileSync(copy, `${fs.readFileSync(recorded.bundle, 'utf8')}parentPort.postMessage("from the recorded bundle");\n`);
    fs.writeFileSync(path.join(bundleFolder, record!), JSON.stringify({ ...recorded, bundle: copy }));
    const second = startWorker(pathToFileURL(entry), {}, `${bundleFolder}/.`);
    const answers: string[] = [];
    second.on('message', (answer: string) => answers.push(answer));
    await once(second, 'exit');
    expect(answers).toEqual(['first', 'from the recorded bundle']);

    // A module of it changed: bundled again.
    save(part, 'export const answer: string = "second";\n');
    expect(await answerOf(`${bundleFolder}/./`)).toBe('second');
  });

  it('where the folder cannot be written, boots the thread through tsx and answers the same', async () => {
    // Below a file, so that no folder can be made there (also for root).
    const aFile = path.join(cacheDir, 'a-file');
    fs.writeFileSync(aFile, '');
    const unwritable = path.join(aFile, 'bundles');
    const reply = await convert(startWorker(ENTRY, {}, unwritable));
    expect(reply.result).toEqual(expected);
    expect(fs.existsSync(unwritable)).toBe(false);
  });

  it("gives a bundle's thread the process's options less tsx's loader, in each form Node takes it", () => {
    const tsxStart = ['--require', '/app/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///app/node_modules/tsx/dist/loader.mjs'];
    expect(withoutTsx(tsxStart)).toEqual([]);
    expect(withoutTsx(['--import', 'tsx', '--import=tsx', '-r', 'tsx/cjs', '--loader=tsx'])).toEqual([]);
    const others = ['--enable-source-maps', '--import', './telemetry.mjs', '--require=./env.cjs', '--conditions', 'development'];
    expect(withoutTsx([...others.slice(0, 3), '--import', 'tsx', ...others.slice(3)])).toEqual(others);
  });
});
