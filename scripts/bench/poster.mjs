// `npm run bench -- poster`: the poster from a chosen time on a 10 min 720p video (issue 43, D65): the
// frame taken from the top rendition in the media store, against its budget of 2 s
// (scripts/bench/poster-measure.ts, under tsx).
import { runMeasureScript } from './common.mjs';

export const run = () => runMeasureScript('poster-measure.ts', {}, 900_000);
