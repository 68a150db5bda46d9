import type { FileRow } from '../db/files';
import type { SubtitleRow } from '../db/subtitles-repository';
import { escapeHtml } from '../lib/text';
import { MEDIA_IMAGE_PREFIX } from '../media/file-media';
import type { PlayerParams } from '../../../src/contract/player-params';
import type { ChapterJson } from '../../../src/contract/chapters';
import { clockTime } from '../../../src/subtitle-text/clock-time';

/** Where the player's view beats go (routes/beats.ts). */
export const BEATS_PATH = '/api/beats';

/** The HTML of the public player page: a message page, or the playing page shaped by the URL's parameters. */

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
function languageLabel(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function page(title: string, body: string, head = '', lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${head}
<style>
html,body{margin:0;height:100%;background:#000;color:#eee;font-family:system-ui,sans-serif}
main{display:flex;flex-direction:column;height:100%}
h1{font-size:1rem;font-weight:500;margin:.5rem .75rem}
media-controller,.still{flex:1;min-height:0;width:100%;background:#111}
video{width:100%;height:100%}
.still{display:flex;align-items:center;justify-content:center}
@media (max-width:480px){media-volume-range,media-playback-rate-button{display:none}}
p{margin:auto;padding:1rem;text-align:center}
a.download{display:inline-flex;align-items:center;padding:0 10px;color:#eee;background:var(--media-control-background,rgba(20,20,30,.7))}
a.download:hover,a.download:focus-visible{background:var(--media-control-hover-background,rgba(50,50,70,.7))}
.spinner{transform-origin:50% 50%}
media-loading-indicator[medialoading]:not([mediapaused]) .spinner{animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

// The time display does not toggle to the remaining time (notoggle): as a button its name ('playback
// time') would not contain its visible text, which speech-input users say to press it (WCAG 2.5.3).
const controlBar = (download: string | null, chapters: boolean): string => `<media-control-bar>
<media-play-button></media-play-button>
<media-time-range></media-time-range>
<media-time-display showduration notoggle></media-time-display>
<media-mute-button></media-mute-button>
<media-volume-range></media-volume-range>
<media-captions-button></media-captions-button>${chapters ? `\n${CHAPTERS_BUTTON}` : ''}
<media-playback-rate-button></media-playback-rate-button>
<media-fullscreen-button></media-fullscreen-button>${download === null ? '' : `\n${downloadButton(download)}`}
</media-control-bar>`;

/** The download button (decision D67): a link to the file's MP4, styled as the bar's buttons. */
const downloadButton = (href: string): string =>
  `<a class="download" href="${escapeHtml(href)}" download aria-label="Download video" title="Download video">` +
  `<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path fill="currentColor" d="M5 20h14v-2H5v2zm7-3 6-6-1.4-1.4-3.6 3.6V4h-2v9.2L7.4 9.6 6 11l6 6z"/></svg></a>`;
/** The id of the page's chapter menu, which the player script seeks from (src/player/chapter-menu.ts). */
export const CHAPTER_MENU_ID = 'vp-chapters';

/**
 * Opens the chapter menu: media-chrome's generic menu button (it has no chapters button of its own), a list
 * icon. The icon goes in the default slot: this button, unlike the bar's own buttons, has no "icon" slot.
 */
const CHAPTERS_BUTTON = `<media-chrome-menu-button invoketarget="${CHAPTER_MENU_ID}" aria-label="Chapters"><svg aria-hidden="true" viewBox="0 0 24 24"><path d="M4 6h2v2H4zm4 0h12v2H8zm-4 5h2v2H4zm4 0h12v2H8zm-4 5h2v2H4zm4 0h12v2H8z"/></svg><span slot="tooltip-content">Chapters</span></media-chrome-menu-button>`;

/** The chapter menu: one item a chapter, its value the second it starts at. */
const chapterMenu = (chapters: readonly ChapterJson[]): string =>
  `<media-chrome-menu id="${CHAPTER_MENU_ID}" hidden anchor="auto" aria-label="Chapters">\n${chapters
    .map(
      (c) =>
        `<media-chrome-menu-item type="radio" value="${c.start}">${escapeHtml(`${clockTime(c.start)} ${c.title}`)}</media-chrome-menu-item>`,
    )
    .join('\n')}\n</media-chrome-menu>`;

/**
 * media-chrome's spinner, turning only while the video waits for data. Its own icon turns by an SVG
 * animation that runs even while the icon is hidden, so a paused player drew a new frame at every
 * screen refresh, forever: the CPU of every page it is embedded in (the same process when it is the
 * same site), and each keystroke of the cue editor beside it paid for a frame of the whole page.
 */
const SPINNER = `<svg slot="icon" class="spinner" aria-hidden="true" viewBox="0 0 100 100"><path d="M73,50c0-12.7-10.3-23-23-23S27,37.3,27,50 M30.9,50c0-10.5,8.5-19.1,19.1-19.1S69.1,39.5,69.1,50"/></svg>`;

/** A processed file's JPEG from VP_MEDIA_PUBLIC_URL when set; seeded placeholders always from /images/. */
const posterUrl = (image: string, mediaPublicUrl: string | undefined): string =>
  mediaPublicUrl && image.startsWith(MEDIA_IMAGE_PREFIX)
    ? mediaUrl(mediaPublicUrl, image.slice(MEDIA_IMAGE_PREFIX.length))
    : `/images/${encodeURI(image)}`;

/**
 * Where the page's media and poster come from: this server (`/media/`, `/images/`), or VP_MEDIA_PUBLIC_URL
 * (a CDN or a public bucket holding the same keys).
 */
export const mediaUrl = (mediaPublicUrl: string | undefined, key: string): string => `${mediaPublicUrl ?? '/media'}/${key}`;

/**
 * The page that plays a Completed file. `params` shape it without any inline script (the CSP allows
 * none): autoplay, muted and loop are the video's own attributes (autoplay brings muted, the only
 * autoplay browsers allow); the start time is a data attribute the player script seeks to; the chosen
 * subtitle track is the `default` one, and only a language the file has can be chosen; `controls=0`
 * and `title=0` leave the control bar and the heading out. A start past the end is ignored. `beats`:
 * the page's script sends view beats (false for the kit's own previews, which never count).
 */
export function playerPage(
  file: FileRow,
  subtitles: SubtitleRow[],
  params: PlayerParams,
  storyboard: boolean,
  beats: boolean,
  mediaPublicUrl?: string,
  grant?: string,
  download = false,
  /** The chapters of the file's chapters track, if `subtitles` holds one (D66). */
  chapters: readonly ChapterJson[] = [],
): string {
  const title = escapeHtml(file.file_title);
  const slugPath = `/player/${encodeURIComponent(file.file_slug)}`;
  // A signed file's media carry the page's grant (the player renews it and adds it to every HLS request).
  const granted = grant ? `?grant=${encodeURIComponent(grant)}` : '';
  const chaptersTrack = subtitles.find((s) => s.track_kind === 'chapters');
  const captions = subtitles.filter((s) => s.track_kind !== 'chapters');
  const shown = captions.find((s) => s.sub_lang.toLowerCase() === params.subtitles);
  const tracks = captions.map(
    (s) =>
      `<track kind="subtitles" srclang="${escapeHtml(s.sub_lang)}" label="${escapeHtml(languageLabel(s.sub_lang))}"${s === shown ? ' default' : ''} src="${escapeHtml(`${slugPath}/subtitles/${s.sub_id}.vtt${granted}`)}">`,
  );
  // `default`: media-chrome reads the chapters of a default track only (its time bar's marks and preview).
  if (chaptersTrack)
    tracks.push(
      `<track kind="chapters" srclang="und" label="Chapters" default src="${escapeHtml(`${slugPath}/subtitles/${chaptersTrack.sub_id}.vtt${granted}`)}">`,
    );
  if (storyboard)
    tracks.push(`<track kind="metadata" label="thumbnails" default src="${escapeHtml(`${slugPath}/storyboard.vtt${granted}`)}">`);
  const attributes = [
    `data-hls="${escapeHtml(mediaUrl(mediaPublicUrl, file.file_rendition!) + granted)}"`,
    grant ? `data-grant="${escapeHtml(grant)}" data-grant-url="${escapeHtml(`${slugPath}/grant`)}"` : '',
    beats ? `data-beats="${BEATS_PATH}" data-slug="${escapeHtml(file.file_slug)}"` : '',
    params.start && (!file.file_duration || params.start < file.file_duration) ? `data-start="${params.start}"` : '',
    params.autoplay ? 'autoplay' : '',
    params.autoplay || params.muted ? 'muted' : '',
    params.loop ? 'loop' : '',
    'preload="metadata" playsinline crossorigin',
    file.file_image ? `poster="${escapeHtml(posterUrl(file.file_image, mediaPublicUrl))}"` : '',
    `aria-label="${title}"`,
  ];
  const menu = chaptersTrack && chapters.length ? `${chapterMenu(chapters)}\n` : '';
  // The no…pref attributes keep media-chrome from remembering volume, mute and subtitle language in the
  // viewer's localStorage: the player page stores nothing in the browser (issue 41).
  return page(
    file.file_title,
    `${params.title === false ? '' : `<h1>${title}</h1>\n`}<media-controller novolumepref nomutedpref nosubtitleslangpref>
<video slot="media" ${attributes.filter(Boolean).join(' ')}>
${tracks.join('\n')}
</video>
<media-loading-indicator slot="centered-chrome" noautohide>${SPINNER}</media-loading-indicator>
${params.controls === false ? '' : `${menu}${controlBar(download ? `${slugPath}/download.mp4${granted}` : null, menu !== '')}`}
</media-controller>`,
    '\n<script type="module" src="/player/assets/player.js"></script>',
  );
}
