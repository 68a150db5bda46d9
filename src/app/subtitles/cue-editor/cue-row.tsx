import { memo, useState, type KeyboardEvent } from 'react';
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
 * and split, merge, delete. It reads its own cue, problems and selection from the store: a keystroke
 * repaints the row of the cue it changed and no other.
 */
export const CueRow = memo(function CueRow({ index, store, active, actions }: CueRowProps) {
  const { t } = useTexts(CUE_TEXTS);
  const cue = useCueStore(store, (s) => s.cues()[index]);
  const isLast = useCueStore(store, (s) => index === s.cues().length - 1);
  const problems = useCueStore(store, (s) => s.checks().problems[index]);
  const limits = useCueStore(store, (s) => s.state().limits);
  const selected = useCueStore(store, (s) => s.state().selection.has(index));
  const number = index + 1;
  // A text that cannot be written as a cue (a blank line, "-->") stays in the field, flagged, until it can.
  const [invalidText, setInvalidText] = useState<string | null>(null);
  // A row past the last cue (one was just removed) until the list drops it.
  if (!cue || !problems) return null;
  const problemId = `cue-${index}-problems`;
  const problemTexts = problems.map((problem) => problemText(t, problem, limits));
  // Plain elements styled by the list's sheet (cue-row-styles.tsx): this is what each keystroke re-renders.
  return (
    <div
      className="vp-cue"
      role="group"
      aria-label={t('cue', { number })}
      aria-current={active ? 'true' : undefined}
      onFocus={() => actions.focused(index)}
    >
      <CueBar index={index} start={cue.start} end={cue.end} isLast={isLast} selected={selected} actions={actions} />
      <textarea
        className="vp-cue-text"
        // As many rows as lines (at least two), grown to fit wrapped lines where the browser can
        // (field-sizing): no measuring of the text on each key, as an auto-sizing field would do.
        rows={Math.max(2, (invalidText ?? cue.text).split('\n').length)}
        value={invalidText ?? cue.text}
        onChange={(event) => {
          const text = event.target.value;
          if (cueTextProblem(text)) setInvalidText(text);
          else {
            setInvalidText(null);
            actions.change(index, { text }, `text:${index}`);
          }
        }}
        onKeyDown={wrapInTag}
        aria-label={t('text')}
        aria-invalid={invalidText !== null || undefined}
        aria-describedby={problems.length || invalidText !== null ? problemId : undefined}
        data-cue-text={index}
        dir="auto"
      />
      {problems.length || invalidText !== null ? (
        <p id={problemId} className="vp-cue-problems" data-bad={invalidText !== null ? '' : undefined}>
          {[...(invalidText !== null ? [t('badText')] : []), ...problemTexts].join(' · ')}
        </p>
      ) : null}
    </div>
  );
});

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
