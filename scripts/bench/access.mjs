// `npm run bench -- access` (issue 40): the player page's time to first frame from a signed link against
// an unsigned one, and a segment's grant check through the server (scripts/bench/access-measure.ts, under
// tsx: it makes its clip with the server's ffmpeg helper). Needs the built player (npm run build; --build).
import { ensureKitBuilt } from './browser.mjs';
import { CHROMIUM, PLAYWRIGHT_CHROMIUM_ARGS, runMeasureScript } from './common.mjs';

export function run(options) {
  ensureKitBuilt(options.build);
  return runMeasureScript(
    'access-measure.ts',
    {
      samples: Number(options.samples) || 15,
      segmentRequests: 3000,
      launch: { executablePath: CHROMIUM, args: PLAYWRIGHT_CHROMIUM_ARGS },
    },
    1_200_000,
  );
}
