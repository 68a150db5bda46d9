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

/**
 * The features Playwright turns off (playwright-core's chromiumSwitches). Chromium keeps only the last
 * --disable-features it is given, so a list of ours must carry Playwright's too;
 * test/e2e/chromium-flags.spec.ts checks that it still does after an upgrade.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's headless mode is the whole browser with its windows hidden, and since Chromium 15x every
 * window builds its address bar's two popups as web pages (chrome://omnibox-popup.top-chrome), each in
 * a renderer of its own: about 0.85 s of CPU on this 2-core machine for every page a test opens, beside
 * the page's own 1.1 s. No one sees them headless. For Playwright's launches only: Lighthouse's
 * launcher passes a --disable-features of its own, which this one would replace.
 */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];

/** Launch options for playwright-core's `chromium.launch` (and Playwright's `use.launchOptions`). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM, args: PLAYWRIGHT_CHROMIUM_ARGS };
