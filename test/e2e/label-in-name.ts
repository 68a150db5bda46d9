import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * WCAG 2.5.3 Label in Name: a control that shows words must have them in its accessible name, so that a
 * voice-control user who says what they see ("click Edit cues") reaches it. Names are Chromium's own,
 * read from its accessibility tree (shadow roots included): each node lists every source of its name,
 * the ones it did not use too ("superseded"), so the words on screen are the node's contents or its
 * `<label>`'s, and the name is what an `aria-label`, `aria-labelledby` or `title` made of it. Nodes the
 * tree ignores (hidden) are not read. Icon-only controls show no words: their name has nothing to contain.
 */
const ROLES = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'switch', 'radio', 'tab', 'option']);

/** The picker buttons Chromium draws inside `<input type="date|time|datetime-local|month|week">`. */
const BROWSER_PICKER = /^Show (local date and time|date|time|month|week) picker\b/;

/** Case, spacing and punctuation do not count (WCAG's understanding of 2.5.3): letters, marks and digits do. */
const words = (text: string) =>
  text
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

interface AXValue {
  value?: string;
}
interface AXSource {
  type: string;
  nativeSource?: string;
  value?: AXValue;
}
interface AXNode {
  ignored: boolean;
  role?: AXValue;
  name?: AXValue & { sources?: AXSource[] };
}

/** Each control on screen whose name lacks its visible words, as `role "name" shows "words"`. */
export async function labelsNotInNames(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes.flatMap((node) => {
      const role = node.role?.value ?? '';
      if (node.ignored || !ROLES.has(role)) return [];
      const name = node.name?.value ?? '';
      // Chromium's own picker button inside a native date/time input lists the input's <label> among its
      // name's sources; the input itself carries that label as its name, which is what a voice user says.
      if (BROWSER_PICKER.test(name)) return [];
      const shown = node.name?.sources?.find(
        (source) => (source.type === 'contents' || source.nativeSource?.startsWith('label')) && words(source.value?.value ?? ''),
      )?.value?.value;
      return shown && !words(name).includes(words(shown)) ? [`${role} "${name}" shows "${shown.trim()}"`] : [];
    });
  } finally {
    await cdp.detach();
  }
}

/** Waits until every element of the kit on the page shows `language` (the kit swaps language in place). */
async function showsLanguage(page: Page, language: string) {
  await page.evaluate((lang) => document.documentElement.setAttribute('lang', lang), language);
  await page.waitForFunction((lang) => {
    const roots: ParentNode[] = [document];
    for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    const kitRoots = roots.slice(1).flatMap((root) => [...root.querySelectorAll('.vp-portal[lang], .MuiScopedCssBaseline-root[lang]')]);
    return kitRoots.length > 0 && kitRoots.every((el) => el.getAttribute('lang')!.startsWith(lang));
  }, language);
}

/** What the audits found: each problem once, with the screens it was seen on. */
export type Findings = Map<string, string[]>;

/**
 * Audits the screen as it is in English and in Vietnamese (switched live through `<html lang>`, so open
 * dialogs and menus stay open), then back in English.
 */
export async function auditLabelsInNames(page: Page, screen: string, found: Findings) {
  for (const language of ['en', 'vi']) {
    await showsLanguage(page, language);
    for (const problem of await labelsNotInNames(page)) {
      const key = `[${language}] ${problem}`;
      found.set(key, [...(found.get(key) ?? []), screen]);
    }
  }
  await showsLanguage(page, 'en');
}

/** Fails with every control found, and where. */
export function expectNoneFound(found: Findings) {
  const list = [...found].map(([problem, screens]) => `${problem} (${screens.join(', ')})`);
  expect(list, list.join('\n')).toEqual([]);
}
