import { vttCues, type VttCue, type VttDocument } from '../../../subtitle-text/vtt-document';
import type { ActivityEntry } from '../../api/activity';
import { useTexts } from '../../i18n/texts';
import { ConflictDialog, type ConflictRow } from '../../shared/conflict-dialog';
import { showTime } from './cue-time';
import { CUE_TEXTS } from './texts';

export interface CueConflictDialogProps {
  fileId: number;
  subId: number;
  /** The text the operator's edits started from, the one saved first, and the operator's. */
  base: VttDocument;
  theirs: VttDocument;
  mine: VttDocument;
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

/** Rows shown at most: a whole track re-timed elsewhere would otherwise be a dialog of thousands. */
const MAX_ROWS = 20;

const same = (a: VttCue | undefined, b: VttCue | undefined) => a?.start === b?.start && a?.end === b?.end && a?.text === b?.text;

/**
 * The cues (by number) that the save that came first changed, each as it is now and as the operator has
 * it. When the editor does not have the text that save started from (a draft resumed from an older
 * version), the cues where theirs and mine differ.
 */
export function changedCues(base: VttDocument, theirs: VttDocument, mine: VttDocument) {
  const [before, now, edited] = [vttCues(base), vttCues(theirs), vttCues(mine)];
  const differing = (from: readonly VttCue[]) => {
    const changed: { index: number; theirs: VttCue | undefined; mine: VttCue | undefined }[] = [];
    for (let index = 0; index < Math.max(from.length, now.length); index++)
      if (!same(from[index], now[index])) changed.push({ index, theirs: now[index], mine: edited[index] });
    return changed;
  };
  const byThem = differing(before);
  return byThem.length ? byThem : differing(edited);
}

/** The shared conflict dialog over the cues someone else changed: 'Keep mine' saves over theirs, 'Take theirs' loads theirs. */
export function CueConflictDialog({ fileId, subId, base, theirs, mine, ...choices }: CueConflictDialogProps) {
  const { t } = useTexts(CUE_TEXTS);
  const changed = changedCues(base, theirs, mine);
  const shown = (cue: VttCue | undefined) => (cue ? `${showTime(cue.start)} → ${showTime(cue.end)} ${cue.text}` : t('noCue'));
  const rows: ConflictRow[] = changed.slice(0, MAX_ROWS).map(({ index, theirs: now, mine: edited }) => ({
    field: `cue-${index}`,
    label: t('cue', { number: index + 1 }),
    theirs: <span style={{ whiteSpace: 'pre-line' }}>{shown(now)}</span>,
    mine: <span style={{ whiteSpace: 'pre-line' }}>{shown(edited)}</span>,
  }));
  if (changed.length > MAX_ROWS)
    rows.push({ field: 'more', label: t('moreCues', { count: changed.length - MAX_ROWS }), theirs: '…', mine: '…' });
  const isChange = (entry: ActivityEntry) => entry.action.startsWith('subtitle') && entry.detail.sub_id === subId;
  return <ConflictDialog subject="subtitle" fileId={fileId} rows={rows} isChange={isChange} {...choices} />;
}
