// The CMS picks the file from its own URL and listens to the editor's events.
const editor = document.querySelector('vp-file-editor');
const params = new URLSearchParams(location.search);
const file = params.get('file');
if (file) editor.setAttribute('file-id', file);
// ?dir=rtl shows the editor laid out right to left (the page itself stays left to right).
if (params.get('dir') === 'rtl') editor.setAttribute('dir', 'rtl');
const log = document.getElementById('cms-log');
for (const name of ['vp-file-saved', 'vp-file-deleted', 'vp-subtitles-changed', 'vp-back', 'vp-signed-in']) {
  editor.addEventListener(name, (event) => {
    log.textContent = `CMS heard ${name}${event.detail && Object.keys(event.detail).length ? ` ${JSON.stringify(event.detail)}` : ''}`;
  });
}
