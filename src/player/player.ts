/**
 * The script of the public player page (`/player/{slug}`), not part of the kit: media-chrome's
 * controls around the page's `<video>`, and hls.js (its light build: the page's subtitles are
 * `<track>` elements, not HLS renditions) to play the HLS rendition wherever Media Source Extensions
 * exist; elsewhere (Safari on older iPhones) the browser plays HLS itself.
 */
import 'media-chrome';
import Hls from 'hls.js/light';

const video = document.querySelector<HTMLVideoElement>('video[data-hls]');
if (video) {
  const source = video.dataset.hls!;
  if (Hls.isSupported()) {
    const hls = new Hls({ capLevelToPlayerSize: true });
    hls.loadSource(source);
    hls.attachMedia(video);
  } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = source;
  }
}
