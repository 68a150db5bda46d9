// `node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT]`: a screenshot of a page in headless
// Chromium (look at what you build, light and dark, 1280 and 390 px), with the page's console
// messages and how many <style> elements ended up in the host's <head> (the kit should add none).
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../test/support/chromium.mjs';

const [url, out, w = 1280, h = 800] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
await page.goto(url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out });
console.log(logs.join('\n'));
console.log('head styles:', await page.evaluate(() => document.head.querySelectorAll('style').length));
await browser.close();
