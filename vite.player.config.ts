import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './vite.config';

/**
 * The public player page's script (`src/player/player.ts`: media-chrome and hls.js) and the `<vp-embed>`
 * element (`src/player/embed-element.ts`), built on their own into `dist/player/player.js` and
 * `embed.js`: only the player page and embedding sites load them, and the kit never does.
 */
export default defineConfig({
  plugins: [precompress()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/player'),
    emptyOutDir: true,
    target: 'es2020',
    lib: {
      entry: {
        player: resolve(import.meta.dirname, 'src/player/player.ts'),
        embed: resolve(import.meta.dirname, 'src/player/embed-element.ts'),
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    // The two scripts share nothing: each is one file.
    rolldownOptions: { output: { minify: true } },
    reportCompressedSize: false,
  },
});
