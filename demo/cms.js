// The CMS picks the file from its own URL and listens to the editor's events.
const editor = document.querySelector('vp-file-editor');
const file = new URLSearchParams(location.search).get('file');
if (file) editor.setAttribute('file-id', file);
const log = document.getElementById('cms-log');
for (const name of ['vp-file-saved', 'vp-file-deleted', 'vp-subtitles-changed', 'vp-back', 'vp-signed-in']) {
  editor.addEventListener(name, (event) => {
    log.textContent = `CMS heard ${name}${event.detail && Object.keys(event.detail).length ? ` ${JSON.stringify(event.detail)}` : ''}`;
  });
}
