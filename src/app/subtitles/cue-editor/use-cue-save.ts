import { useState } from 'react';
import { parseVttDocument, serializeVttDocument, type VttDocument } from '../../../subtitle-text/vtt-document';
import { isApiError } from '../../api/api-error';
import { subtitleSchema, type Subtitle } from '../../api/schemas';
import { getSubtitleText, putSubtitleText } from '../../api/subtitle-content';
import { useApi } from '../../api/use-api';
import { staleCurrent } from '../../api/versioned-write';
import { useNotify } from '../../shell/notify';
import { useTexts } from '../../i18n/texts';
import { dropDraft } from './cue-draft';
import { CUE_TEXTS } from './texts';

/** The track as the server has it: what the operator's edits are based on. */
export interface Base {
  doc: VttDocument;
  version: number | null;
}

/** Someone saved the track first: their text, and their version (the one 'Keep mine' saves over). */
export interface CueConflict {
  theirs: VttDocument;
  version: number | null;
}

interface SaveOptions {
  sub: Subtitle;
  base: Base;
  /** The server has this text now (saved, or cleaned by the server and read again): the new base. */
  onStored(base: Base, adopt: boolean): void;
  onSaved(): void;
  onGone(): void;
}

/**
 * Save = PUT the whole text with If-Match on the version the edits are based on. A 412 reads the text
 * that was saved first, for the conflict dialog; a reply with a warning (cue text cleaned) reads the
 * stored text again so that the editor shows what the server keeps.
 */
export function useCueSave({ sub, base, onStored, onSaved, onGone }: SaveOptions) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(CUE_TEXTS);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<CueConflict | null>(null);

  const save = async (doc: VttDocument, version = base.version) => {
    setBusy(true);
    try {
      const reply = await putSubtitleText(api, sub.sub_id, serializeVttDocument(doc), version ?? null);
      setConflict(null);
      dropDraft(sub.sub_id);
      if (reply.status === 'warning') {
        notify.warning(reply.message);
        const stored = await getSubtitleText(api, sub.sub_id);
        onStored({ doc: parseVttDocument(stored.text), version: stored.version ?? reply.data.version ?? null }, true);
      } else {
        notify.success(t('saved'));
        onStored({ doc, version: reply.data.version ?? null }, false);
      }
      onSaved();
    } catch (error) {
      const current = staleCurrent(error, subtitleSchema);
      if (current) {
        try {
          const theirs = await getSubtitleText(api, sub.sub_id);
          setConflict({ theirs: parseVttDocument(theirs.text), version: theirs.version ?? current.version ?? null });
        } catch (failure) {
          notify.error(failure, t('saveFailed'));
        }
      } else if (isApiError(error) && error.httpStatus === 404) {
        notify.error(t('deletedMeanwhile'));
        dropDraft(sub.sub_id);
        onGone();
      } else notify.error(error, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return { save, busy, conflict, clearConflict: () => setConflict(null) };
}
