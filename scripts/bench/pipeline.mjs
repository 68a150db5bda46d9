// `npm run bench -- pipeline`: a 10 s 720p clip from upload to Completed with the time per stage, and the
// transcode's real-time factor next to plain ffmpeg's (scripts/bench/pipeline-measure.ts, under tsx).
import { runMeasureScript } from './common.mjs';

export const run = () => runMeasureScript('pipeline-measure.ts', {}, 600_000);
