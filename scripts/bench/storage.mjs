// `npm run bench -- storage`: the media on an object store (s3rver on loopback) against the folder store,
// side by side in one run: upload → Completed, a player's time to first byte and the node's RSS under 50
// players, and `media move` of 1,000 files killed and resumed (scripts/bench/storage-measure.ts, under tsx).
import { runMeasureScript } from './common.mjs';

export const run = (options) => runMeasureScript('storage-measure.ts', { samples: Number(options.samples) || 3 }, 1_800_000);
