import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every file of the build,
 * so the server sends them as they are: the best ratio, and no compression work per request.
 */
export function precompress(): Plugin {
  return {
    name: 'vp-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        const path = join(dir, fileName);
        const content = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
