// The one way this repository launches a browser: Debian's Chromium (no test downloads one), shared by
// the end-to-end suite, the browser suite, the bench and scripts/screenshot.mjs.
//   --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
//   --disable-quic, --disable-background-networking, --disable-component-update, --disable-sync,
//   --no-first-run: without them Chromium keeps trying to reach the internet, which these machines lack.
//   --disable-gpu: software rendering, the same on every machine.

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options for playwright-core's `chromium.launch` (and Playwright's `use.launchOptions`). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM, args: CHROMIUM_ARGS };
