import { Box, IconButton, InputBase, Tooltip, Typography } from '@mui/material';
import { memo, useState, type KeyboardEvent } from 'react';
import { cueTextProblem, type CueChange } from '../../../subtitle-text/vtt-document';
import { useTexts } from '../../i18n/texts';
import { CallMergeIcon, CallSplitIcon, DeleteIcon, TimerIcon } from '../../ui/icons';
import type { CheckLimits, CueProblem } from './cue-checks';
import { useCueStore, type CueStore } from './cue-store';
import { parseTime, showTime } from './cue-time';
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

/**
 * A cue's number (a click seeks there), its selection, start and end with their playhead buttons, and
 * split, merge, delete. Its own memo: typing in the cue's text does not repaint it.
 */
const CueBar = memo(function CueBar({
  index,
  start,
  end,
  isLast,
  selected,
  actions,
}: {
  index: number;
  start: number;
  end: number;
  isLast: boolean;
  selected: boolean;
  actions: CueRowActions;
}) {
  const { t } = useTexts(CUE_TEXTS);
  const number = index + 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.25, rowGap: 0.5 }}>
      {/* The browser's own checkbox: MUI's would be shared with the list's and land in the editor's first load. */}
      <Box
        component="input"
        type="checkbox"
        checked={selected}
        onChange={() => actions.toggleSelected(index)}
        aria-label={t('select', { number })}
        sx={(theme) => ({
          width: 24,
          height: 24,
          m: 0.5,
          accentColor: theme.palette.primary.main,
          colorScheme: theme.palette.mode,
          cursor: 'pointer',
        })}
      />
      <Tooltip title={t('goTo', { number })}>
        <Box
          component="button"
          type="button"
          onClick={() => actions.seekTo(start)}
          aria-label={t('goTo', { number })}
          sx={{
            minWidth: 32,
            minHeight: 32,
            border: 0,
            borderRadius: 1,
            bgcolor: 'action.hover',
            color: 'text.primary',
            font: 'inherit',
            fontVariantNumeric: 'tabular-nums',
            cursor: 'pointer',
          }}
        >
          {number}
        </Box>
      </Tooltip>
      <TimeField label={t('start')} ms={start} onCommit={(ms) => actions.change(index, { start: ms })} />
      <IconButton size="small" aria-label={t('setStart')} title={t('setStart')} onClick={() => actions.fromPlayhead(index, 'start')}>
        <TimerIcon fontSize="small" />
      </IconButton>
      {/* From start to end: pointing the way the row reads. */}
      <Typography
        aria-hidden
        component="span"
        sx={(theme) => ({ color: 'text.secondary', transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
      >
        →
      </Typography>
      <TimeField label={t('end')} ms={end} onCommit={(ms) => actions.change(index, { end: ms })} />
      <IconButton size="small" aria-label={t('setEnd')} title={t('setEnd')} onClick={() => actions.fromPlayhead(index, 'end')}>
        <TimerIcon fontSize="small" sx={{ transform: 'scaleX(-1)' }} />
      </IconButton>
      <Box sx={{ display: 'flex', ml: 'auto' }}>
        <IconButton size="small" aria-label={t('split', { number })} title={t('split', { number })} onClick={() => actions.split(index)}>
          <CallSplitIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('merge', { number })}
          title={t('merge', { number })}
          disabled={isLast}
          onClick={() => actions.merge(index)}
        >
          <CallMergeIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('delete', { number })} title={t('delete', { number })} onClick={() => actions.remove(index)}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
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

/** A time typed as mm:ss.ttt, applied when the field is left or Enter is pressed; a time that does not parse is flagged and not applied. */
function TimeField({ label, ms, onCommit }: { label: string; ms: number; onCommit(ms: number): void }) {
  const { t } = useTexts(CUE_TEXTS);
  const [typed, setTyped] = useState<string | null>(null);
  const bad = typed !== null && parseTime(typed) === null;
  const commit = () => {
    if (typed === null) return;
    const value = parseTime(typed);
    if (value === null) return;
    setTyped(null);
    if (value !== ms) onCommit(value);
  };
  return (
    <InputBase
      value={typed ?? showTime(ms)}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else if (event.key === 'Escape' && typed !== null) {
          event.stopPropagation();
          setTyped(null);
        }
      }}
      inputProps={{
        'aria-label': label,
        'aria-invalid': bad || undefined,
        title: bad ? t('badTime') : label,
        inputMode: 'decimal',
        size: 9,
      }}
      sx={{
        px: 0.5,
        minHeight: 32,
        border: 1,
        borderColor: bad ? 'error.main' : 'divider',
        borderRadius: 1,
        fontVariantNumeric: 'tabular-nums',
        // Both times and their buttons fit one line at 360 px.
        fontSize: '0.875rem',
        '&.Mui-focused': { borderColor: 'primary.main' },
        '& input': { p: 0, width: '9ch' },
      }}
    />
  );
}
