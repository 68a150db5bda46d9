import { Alert, Button, Stack, Typography } from '@mui/material';
import { formatAge } from '../../i18n/format';
import { useTexts } from '../../i18n/texts';
import type { CueDraft } from './cue-draft';
import { useCueStore, type CueStore } from './cue-store';
import { CUE_TEXTS } from './texts';

interface EditorNoticesProps {
  store: CueStore;
  /** A draft from before, offered until resumed or discarded. */
  offeredDraft: CueDraft | null;
  onResume(): void;
  onDiscard(): void;
  /** False once the browser refused to store the draft. */
  draftKept: boolean;
  /** Whether the text loaded is WebVTT. */
  valid: boolean;
}

/** What the operator should know above the cues: a draft to resume, a draft not kept, a text that is not WebVTT, no cues yet. */
export function EditorNotices({ store, offeredDraft, onResume, onDiscard, draftKept, valid }: EditorNoticesProps) {
  const { t, locale } = useTexts(CUE_TEXTS);
  const empty = useCueStore(store, (s) => s.cues().length === 0);
  return (
    <>
      {offeredDraft ? (
        <Alert
          severity="info"
          sx={{ m: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button size="small" onClick={onResume}>
                {t('resume')}
              </Button>
              <Button size="small" onClick={onDiscard}>
                {t('discard')}
              </Button>
            </Stack>
          }
        >
          {t('draftFound', { when: formatAge(new Date(offeredDraft.at).toISOString(), new Date(), locale, '') })}
        </Alert>
      ) : null}
      {!draftKept ? (
        <Alert severity="warning" sx={{ m: 1 }}>
          {t('draftNotKept')}
        </Alert>
      ) : null}
      {valid ? null : (
        <Alert severity="error" sx={{ m: 1 }}>
          {t('notVtt')}
        </Alert>
      )}
      {empty && valid ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('noCues')}
        </Typography>
      ) : null}
    </>
  );
}
