import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM, chromiumLaunchOptions } from '../support/chromium.mjs';

/** The last --disable-features a browser was started with (the one Chromium keeps), as a list. */
async function disabledFeatures(launchOptions: { executablePath: string; args?: string[] }): Promise<string[]> {
  // The browser answers Browser.getBrowserCommandLine only when started with --enable-automation.
  const browser = await chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), '--enable-automation'] });
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { arguments: args } = await cdp.send('Browser.getBrowserCommandLine');
    const last = args.filter((arg) => arg.startsWith('--disable-features=')).at(-1) ?? '--disable-features=';
    return last.slice('--disable-features='.length).split(',').filter(Boolean);
  } finally {
    await browser.close();
  }
}

test('the browser keeps every feature Playwright turns off, and turns off the hidden address-bar popups', async () => {
  const playwrights = await disabledFeatures({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  expect(playwrights.length).toBeGreaterThan(0);
  const ours = await disabledFeatures(chromiumLaunchOptions);
  expect(ours).toEqual(expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});

test('a new page starts no renderer of the browser’s own interface (each cost 0.85 s of CPU a page)', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
  } finally {
    await context.close();
  }
});
