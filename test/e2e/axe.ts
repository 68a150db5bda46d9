import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { RunOptions } from 'axe-core';
import { animationsEnded, expect } from './fixtures';

/**
 * axe-core on a screen, inside the elements' shadow roots (axe follows open shadow roots), with every
 * rule axe runs by default (WCAG 2.x A and AA, best practices); `target-size` (WCAG 2.2 AA) is off by
 * default in axe: switched on. Serious and critical violations fail.
 *
 * Known DataGrid and media-chrome faults that cannot be fixed from outside, each with its upstream issue:
 */
const UPSTREAM_FAULTS: { rule: string; target: RegExp; issue: string }[] = [
  // MUI X DataGrid: "Certain ARIA roles must contain particular children" on the grid while it has no rows.
  { rule: 'aria-required-children', target: /MuiDataGrid/, issue: 'https://github.com/mui/mui-x/issues/13685' },
  // DataGrid's roving tabindex makes the focused cell itself focusable (tabindex=0), so axe sees a
  // target wrapped around the cell's own buttons once one of them was clicked. The buttons are 28 px.
  { rule: 'target-size', target: /^<div class="MuiDataGrid-cell/, issue: 'https://github.com/mui/mui-x/issues/1291' },
  // media-chrome (the player page in the cue editor's iframe): its captions button is a role=button
  // with aria-checked, not allowed on a button; open upstream.
  { rule: 'aria-allowed-attr', target: /^<media-captions-button /, issue: 'https://github.com/muxinc/media-chrome/issues/1192' },
  // media-chrome's playback rate button shows '1x' and names itself 'Playback rate 1' (its own label,
  // rewritten on every rate change). Not reported upstream yet.
  { rule: 'label-content-name-mismatch', target: /^<media-playback-rate-button /, issue: 'none yet (media-chrome 4.19.4)' },
  // media-chrome's mute button names itself 'mute' / 'unmute' while its tooltip holds both words ('Mute' and
  // 'Unmute', one hidden by CSS); when the pointer rests over the control bar the tooltip shows and axe reads
  // its text as the button's content. Seen in a clean-clone CI run only. Not reported upstream yet.
  { rule: 'label-content-name-mismatch', target: /^<media-mute-button /, issue: 'none yet (media-chrome 4.19.4)' },
];

export async function audit(page: Page, screen: string) {
  // Colours are only final once fade-ins end.
  await animationsEnded(page);
  const results = await analyze(axeOn(page, { rules: { 'target-size': { enabled: true } } }));
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !UPSTREAM_FAULTS.some((a) => a.rule === v.id && a.target.test(n.html))) }))
    .filter((v) => v.nodes.length > 0)
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) — ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 120)}  ${n.failureSummary ?? ''}`)
          .join('\n    ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * An AxeBuilder that returns only the violations' nodes, with axe.run in the page and its frames
 * (legacy mode). The default mode returned every passing node of every rule (4 MB on a 30-row list),
 * through a blank page that gathered the frames' results: 6.6 s an audit against 0.8 s. Legacy mode
 * audits same-origin frames only: `analyze` fails when axe says a frame went untested.
 */
export const axeOn = (page: Page, options: RunOptions = {}) =>
  new AxeBuilder({ page }).setLegacyMode(true).options({ ...options, resultTypes: ['violations'] });

/** The builder's results; fails when a frame of the page could not be audited. */
export async function analyze(builder: AxeBuilder) {
  const results = await builder.analyze();
  const untested = results.incomplete.filter((rule) => rule.id === 'frame-tested');
  expect(
    untested.flatMap((rule) => rule.nodes.map((node) => node.html)),
    'frames axe could not audit',
  ).toEqual([]);
  return results;
}
