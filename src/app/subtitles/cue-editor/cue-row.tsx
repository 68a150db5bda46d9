import { memo, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { cueTextProblem, type CueChange } from '../../../subtitle-text/vtt-document';
import { useTexts } from '../../i18n/texts';
import type { CheckLimits, CueProblem } from './cue-checks';
import { useCueStore, type CueStore } from './cue-store';
import { CueBar } from './cue-bar';
import { CUE_TEXTS } from './texts';

/** What a row asks of the editor; the same functions for every row, so a row repaints only when its cue does. */
export interface CueRowActions {
  change(index: number, change: CueChange, typingKey?: string): void;
  /** Milliseconds. */
  seekTo(ms: number): void;
  fromPlayhead(index: number, which: 'start' | 'end'): void;
  split(index: number): void;
  merge(index: number): void;
  remove(index: number): void;
  toggleSelected(index: number): void;
  focused(index: number): void;
}

export interface CueRowProps {
  index: number;
  store: CueStore;
  active: boolean;
  actions: CueRowActions;
}

const PROBLEM_KEYS = {
  order: 'problemOrder',
  overlap: 'problemOverlap',
  empty: 'problemEmpty',
  speed: 'problemSpeed',
  long: 'problemLong',
} as const;

/** A problem in words, with the operator's limit in it. */
export function problemText(t: ReturnType<typeof useTexts<typeof CUE_TEXTS.en>>['t'], problem: CueProblem, limits: CheckLimits): string {
  return t(PROBLEM_KEYS[problem], { limit: problem === 'speed' ? limits.maxCps : limits.maxLine });
}

/**
 * One cue: its number (a click seeks there), start and end (typed, or from the playhead), text, problems,
 * and split, merge, delete. It reads its own slices of the store (times, number of lines, problems,
 * selection): a keystroke that changes none of them (most keys) renders nothing at all, and one that
 * does repaints this row and no other.
 */
export const CueRow = memo(function CueRow({ index, store, active, actions }: CueRowProps) {
  const { t } = useTexts(CUE_TEXTS);
  const exists = useCueStore(store, (s) => index < s.cues().length);
  const start = useCueStore(store, (s) => s.cues().at(index)?.start ?? 0);
  const end = useCueStore(store, (s) => s.cues().at(index)?.end ?? 0);
  const lines = useCueStore(store, (s) => lineCount(s.cues().at(index)?.text ?? ''));
  const isLast = useCueStore(store, (s) => index === s.cues().length - 1);
  const problems = useCueStore(store, (s) => s.checks().problems[index]);
  const limits = useCueStore(store, (s) => s.state().limits);
  const selected = useCueStore(store, (s) => s.state().selection.has(index));
  const number = index + 1;
  // A text that cannot be written as a cue (a blank line, "-->") stays in the field, flagged, until it can.
  const [invalidText, setInvalidText] = useState<string | null>(null);
  // A row past the last cue (one was just removed) until the list drops it.
  if (!exists || !problems) return null;
  const problemId = `cue-${index}-problems`;
  const problemTexts = problems.map((problem) => problemText(t, problem, limits));
  // Plain elements styled by the list's sheet (cue-row-styles.tsx): this is what a keystroke re-renders when it changes what the row shows.
  // A form of its own: on each key typed in a field outside any form, Chrome's autofill reads every such
  // field of the page, labels included (1 ms a key with the editor's page behind the dialog); in a form it
  // reads that form's four. Nothing submits it (no submit button; Enter in a time applies the time).
  return (
    <form
      className="vp-cue"
      role="group"
      aria-label={t('cue', { number })}
      aria-current={active ? 'true' : undefined}
      onFocus={() => actions.focused(index)}
      onSubmit={preventSubmit}
    >
      <CueBar index={index} start={start} end={end} isLast={isLast} selected={selected} actions={actions} />
      <CueText
        index={index}
        store={store}
        actions={actions}
        rows={Math.max(2, invalidText === null ? lines : lineCount(invalidText))}
        invalidText={invalidText}
        onInvalid={setInvalidText}
        label={t('text')}
        describedBy={problems.length || invalidText !== null ? problemId : undefined}
      />
      {problems.length || invalidText !== null ? (
        <p id={problemId} className="vp-cue-problems" data-bad={invalidText !== null ? '' : undefined}>
          {[...(invalidText !== null ? [t('badText')] : []), ...problemTexts].join(' · ')}
        </p>
      ) : null}
    </form>
  );
});

const preventSubmit = (event: FormEvent) => event.preventDefault();

const lineCount = (text: string) => text.split('\n').length;

/**
 * A cue's text field. The browser keeps what is typed (the field is not controlled): the store follows
 * the field on each key, and the field follows the store only when the store's text is not what the field
 * shows (undo, redo, split, merge, a resumed draft, another cue moved to this row), so a keystroke costs
 * React no render and no commit. A text that cannot be a cue is flagged (`invalidText`) and kept in the
 * field, whatever the store does, until the operator types a text that can (decision D73).
 */
function CueText({
  index,
  store,
  actions,
  rows,
  invalidText,
  onInvalid,
  label,
  describedBy,
}: {
  index: number;
  store: CueStore;
  actions: CueRowActions;
  rows: number;
  invalidText: string | null;
  onInvalid(text: string | null): void;
  label: string;
  describedBy: string | undefined;
}) {
  const field = useRef<HTMLTextAreaElement>(null);
  // The text when the field is made; then the effect below keeps it.
  const [initialText] = useState(() => store.cues().at(index)?.text);
  const flagged = invalidText !== null;
  useLayoutEffect(() => {
    if (flagged) return;
    const follow = () => {
      const text = store.cues().at(index)?.text;
      if (field.current && text !== undefined && field.current.value !== text) field.current.value = text;
    };
    follow();
    return store.subscribe(follow);
  }, [store, index, flagged]);
  return (
    <textarea
      ref={field}
      className="vp-cue-text"
      // As many rows as lines (at least two), grown to fit wrapped lines where the browser can
      // (field-sizing): no measuring of the text on each key, as an auto-sizing field would do.
      rows={rows}
      defaultValue={initialText}
      onChange={(event) => {
        const text = event.target.value;
        if (cueTextProblem(text)) onInvalid(text);
        else {
          onInvalid(null);
          actions.change(index, { text }, `text:${index}`);
        }
      }}
      onKeyDown={wrapInTag}
      aria-label={label}
      aria-invalid={flagged || undefined}
      aria-describedby={describedBy}
      data-cue-text={index}
      dir="auto"
    />
  );
}

/** Ctrl/⌘ + I, B or U put the selected text of a cue field between that tag (the tags a cue may keep). */
function wrapInTag(event: KeyboardEvent<HTMLElement>) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const tag = ({ KeyI: 'i', KeyB: 'b', KeyU: 'u' } as const)[event.code as 'KeyI' | 'KeyB' | 'KeyU'];
  const field = event.target as HTMLTextAreaElement;
  if (!tag || !(field instanceof HTMLTextAreaElement)) return;
  event.preventDefault();
  const { selectionStart: from, selectionEnd: to, value } = field;
  // setRangeText + an input event: React sees the change as typed, and the browser's own undo keeps it.
  field.setRangeText(`<${tag}>${value.slice(from, to)}</${tag}>`, from, to, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
