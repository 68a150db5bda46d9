// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule of eslint.config.js that keeps status numbers in src/contract/file-status.ts: snippets
 * linted as if they were files of the kit and the server. Each flagged line is a way a status was
 * written before the rule; each clean one is a number the rule must leave alone.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });
const MESSAGE = /src\/contract\/file-status\.ts/;

async function statusFindings(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && MESSAGE.test(m.message)).length;
}

describe('a file status written as a number', () => {
  it.each([
    ['src/app/file-editor/preview.tsx', 'export const COMPLETED = 10;'],
    ['src/app/file-editor/preview.tsx', 'export const FAILED = new Set([4, 7]);'],
    ['src/app/shared/live.ts', 'export const ENDINGS = { 10: "completed" };'],
    ['src/app/files/rows.ts', 'export const done = (file: { file_status: number }) => file.file_status === 10;'],
    ['src/app/files/rows.ts', 'export const failed = (file: { file_status: number }) => 7 !== file.file_status;'],
    ['src/app/files/rows.ts', 'export const row = { file_id: 1, file_status: 0 };'],
    ['server/src/pipeline/step.ts', 'export const failed = (status: number) => status === 4;'],
    ['server/src/routes/pipeline.ts', 'export const done = (row: { file_status: number }) => row.file_status >= 10;'],
  ])('fails lint in %s: %s', async (filePath, code) => {
    expect(await statusFindings(code, filePath)).toBeGreaterThan(0);
  });

  it.each([
    ['src/contract/file-status-extra.ts', 'export const done = (status: number) => status === 10;'],
    ['src/app/api/client.ts', 'export const ok = (response: { status: number }) => response.status === 401 || response.status >= 200;'],
    ['src/app/api/file-events.ts', 'export const FAILURES_BEFORE_POLLING = 3;'],
    ['src/app/files/rows.ts', 'export const page = { limit: 10, page: 1 };'],
    ['server/src/routes/tus.ts', 'export const retry = (status: number) => status < 500;'],
    ['src/app/files/rows.test.ts', 'export const row = { file_id: 1, file_status: 10 };'],
  ])('passes lint in %s: %s', async (filePath, code) => {
    expect(await statusFindings(code, filePath)).toBe(0);
  });
});
