// The page's chapter menu is media-chrome's generic menu, which its main entry does not define: only the
// three elements it uses, not every menu of media-chrome/menu.
import 'media-chrome/dist/menu/media-chrome-menu.js';
import 'media-chrome/dist/menu/media-chrome-menu-item.js';
import 'media-chrome/dist/menu/media-chrome-menu-button.js';

/**
 * The player page's chapter menu (decision D66; the server renders it, one item a chapter whose value is
 * the second it starts at): choosing a chapter seeks to it, and the chapter playing is the one checked.
 */
export function followChapterMenu(video: HTMLVideoElement, menu: HTMLElement & { value?: string }): void {
  const items = () => Array.from(menu.querySelectorAll<HTMLElement & { checked: boolean; value: string }>('media-chrome-menu-item'));
  menu.addEventListener('change', () => {
    const start = Number(menu.value);
    if (Number.isFinite(start)) video.currentTime = start;
  });
  // Checked directly (not by a click): no 'change', so no seek.
  video.addEventListener('timeupdate', () => {
    const all = items();
    const playing = all.findLast((item) => Number(item.value) <= video.currentTime + 0.25);
    for (const item of all) if (item.checked !== (item === playing)) item.checked = item === playing;
  });
}
