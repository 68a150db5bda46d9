import { describe, expect, it } from 'vitest';
import { ladderFor, masterPlaylist } from '../src/media/renditions';

describe('the HLS ladder', () => {
  it('takes the rungs up to the source height, or the source height when it is smaller', () => {
    expect(ladderFor(1080)).toEqual([1080, 720, 480, 360]);
    expect(ladderFor(720)).toEqual([720, 480, 360]);
    expect(ladderFor(719)).toEqual([480, 360]);
    expect(ladderFor(91)).toEqual([90]);
  });

  it('writes a master playlist of every rung with its size for the aspect', () => {
    expect(masterPlaylist({ container: 'mov', duration: 10, width: 1280, height: 720, frames: 250, hasAudio: true }, [720, 480])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2928000,RESOLUTION=1280x720\nv0/index.m3u8\n' +
        '#EXT-X-STREAM-INF:BANDWIDTH=1528000,RESOLUTION=854x480\nv1/index.m3u8\n',
    );
  });
});
