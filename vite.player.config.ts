import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './vite.config';

/**
 * The public player page's script (`src/player/player.ts`: media-chrome and hls.js), built on its own
 * into `dist/player/player.js`: only the player page loads it, and the kit never does.
 */
export default defineConfig({
  plugins: [precompress()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/player'),
    emptyOutDir: true,
    target: 'es2020',
    lib: { entry: resolve(import.meta.dirname, 'src/player/player.ts'), formats: ['es'], fileName: () => 'player.js' },
    rolldownOptions: { output: { minify: true, codeSplitting: false } },
    reportCompressedSize: false,
  },
});
