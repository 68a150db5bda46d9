/**
 * The script of the public player page (`/player/{slug}`), not part of the kit: media-chrome's
 * controls around the page's `<video>`, and hls.js (its light build: the page's subtitles are
 * `<track>` elements, not HLS renditions) to play the HLS rendition wherever Media Source Extensions
 * exist; elsewhere (Safari on older iPhones) the browser plays HLS itself. The page's `data-start`
 * (the URL's `start` parameter, checked by the server) is where playback begins. The page that embeds
 * the player may drive it by postMessage (./remote-control.ts). Where the page says so (`data-beats`,
 * absent from the kit's own previews), it sends view beats (./view-beats.ts). Its chapter menu, when the
 * file has chapters, seeks (./chapter-menu.ts). Its bars keep no layers of their own (./range-layers.ts).
 */
import 'media-chrome';
import Hls from 'hls.js/light';
import { PlaybackGrant } from './playback-grant';
import { followChapterMenu } from './chapter-menu';
import { paintRangesInPlace } from './range-layers';
import { acceptRemoteControl } from './remote-control';
import { sendViewBeats } from './view-beats';

paintRangesInPlace();
const video = document.querySelector<HTMLVideoElement>('video[data-hls]');
if (video) {
  acceptRemoteControl(video);
  const chapterMenu = document.getElementById('vp-chapters');
  if (chapterMenu) followChapterMenu(video, chapterMenu);
  if (video.dataset.beats && video.dataset.slug) sendViewBeats(video, video.dataset.beats, video.dataset.slug);
  const source = video.dataset.hls!;
  const start = Number(video.dataset.start ?? 0);
  // A signed file's page: every playlist and segment request carries the page's current grant.
  const grant = video.dataset.grant ? new PlaybackGrant(video.dataset.grant, video.dataset.grantUrl!) : null;
  if (Hls.isSupported()) {
    // startPosition loads the segments at the start time first, rather than seeking after the first ones.
    const hls = new Hls({
      capLevelToPlayerSize: true,
      startPosition: start || -1,
      ...(grant && { xhrSetup: async (xhr: XMLHttpRequest, url: string) => xhr.open('GET', await grant.sign(url), true) }),
    });
    hls.loadSource(source);
    hls.attachMedia(video);
  } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
    if (start) video.addEventListener('loadedmetadata', () => (video.currentTime = start), { once: true });
    video.src = source;
  }
}
