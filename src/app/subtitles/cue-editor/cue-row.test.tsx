import { describe, expect, it } from 'vitest';
import { act, Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { editCue, parseVttDocument } from '../../../subtitle-text/vtt-document';
import { DEFAULT_LIMITS } from './cue-checks';
import { CueRow, type CueRowActions } from './cue-row';
import { createCueStore } from './cue-store';
import { startHistory } from './edit-history';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DOC = parseVttDocument(
  'WEBVTT\n\n00:01.000 --> 00:02.000\nA first line that is longer than forty-two characters\n\n00:02.000 --> 00:03.000\nSecond\n',
);

function setUp() {
  const store = createCueStore({
    history: startHistory(DOC),
    base: { doc: DOC, version: 1 },
    selection: new Set(),
    limits: DEFAULT_LIMITS,
  });
  const actions: CueRowActions = {
    change: (index, change, typingKey) => store.edit((d) => editCue(d, index, change), typingKey ?? null),
    seekTo: () => {},
    fromPlayhead: () => {},
    split: () => {},
    merge: () => {},
    remove: () => {},
    toggleSelected: () => {},
    focused: () => {},
  };
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  let renders = 0;
  act(() =>
    root.render(
      <Profiler id="row" onRender={() => renders++}>
        <CueRow index={0} store={store} active={false} actions={actions} />
      </Profiler>,
    ),
  );
  const field = host.querySelector('textarea')!;
  /** Types `text` as the browser would: the field's value, then its input event. */
  const type = (text: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  return { store, host, field, type, renders: () => renders, unmount: () => act(() => root.unmount()) };
}

describe('a cue’s row', () => {
  it('typing a key that changes neither the lines nor the problems changes the store and renders nothing; a new line renders the row', () => {
    const { store, field, type, renders, host, unmount } = setUp();
    expect(field.value).toBe('A first line that is longer than forty-two characters');
    expect(host.querySelector('.vp-cue-problems')?.textContent).toMatch(/42/);
    const before = renders();
    type(`${field.value}!`);
    expect(store.cues().at(0)!.text).toBe('A first line that is longer than forty-two characters!');
    expect(renders()).toBe(before);
    type(`${field.value}\nand a second`);
    expect(field.rows).toBe(2);
    type(`${field.value}\nand a third`);
    expect(field.rows).toBe(3);
    expect(renders()).toBeGreaterThan(before);
    unmount();
  });

  it('the field follows the store when it changes under it (undo, redo)', () => {
    const { store, field, type, unmount } = setUp();
    type('Short');
    act(() => store.undo());
    expect(field.value).toBe('A first line that is longer than forty-two characters');
    act(() => store.redo());
    expect(field.value).toBe('Short');
    unmount();
  });

  it('a text that cannot be a cue stays in the field, flagged, whatever the store does, until a text that can is typed', () => {
    const { store, field, type, host, unmount } = setUp();
    type('Short');
    type('Short\n\nno blank lines in a cue');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(store.cues().at(0)!.text).toBe('Short');
    act(() => store.undo());
    expect(field.value).toBe('Short\n\nno blank lines in a cue');
    type('Short again');
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(store.cues().at(0)!.text).toBe('Short again');
    expect(host.querySelector('.vp-cue-problems')).toBeNull();
    unmount();
  });

  it('is a form of its own, named by its number, that nothing submits (autofill then reads its fields, not the whole page’s)', () => {
    const { field, unmount } = setUp();
    const row = field.closest('form')!;
    expect(row.getAttribute('role')).toBe('group');
    expect(row.getAttribute('aria-label')).toBe('Cue 1');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    row.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    unmount();
  });
});
