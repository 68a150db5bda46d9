// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The zone of src/subtitle-text in eslint.config.js: the kit and the server both use it, so it imports
 * neither (only src/contract), and the contract does not import it. Snippets linted as files of each.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function zoneFindings(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the subtitle-text zone', () => {
  it.each([
    ['src/subtitle-text/fixture.ts', "export { ApiError } from '../app/api/api-error';"],
    ['src/subtitle-text/fixture.ts', "export { systemClock } from '../../server/src/lib/clock';"],
  ])('refuses %s: %s', async (filePath, code) => {
    expect(await zoneFindings(code, filePath)).toContainEqual(
      expect.stringContaining('src/subtitle-text is shared by the kit and the server'),
    );
  });

  it('keeps the contract from importing it', async () => {
    const findings = await zoneFindings("export { toWebVtt } from '../subtitle-text/to-webvtt';", 'src/contract/fixture.ts');
    expect(findings).toEqual([expect.stringContaining('src/contract is shared by the kit and the server')]);
  });

  it.each([
    ['src/subtitle-text/fixture.ts', "export { extensionOf } from '../contract/subtitles';"],
    ['src/app/subtitles/fixture.ts', "export { toWebVtt } from '../../subtitle-text/to-webvtt';"],
    ['server/src/lib/fixture.ts', "export { toWebVtt } from '../../../src/subtitle-text/to-webvtt';"],
  ])('lets %s: %s', async (filePath, code) => {
    expect(await zoneFindings(code, filePath)).toEqual([]);
  });
});
