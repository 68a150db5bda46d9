import { Box } from '@mui/material';
import { useTexts } from '../../i18n/texts';
import { KeyboardIcon } from '../../ui/icons';
import { PopoverButton } from './popover-button';
import { SHORTCUTS } from './shortcuts';
import { CUE_TEXTS } from './texts';

/** The visible list of keyboard shortcuts. */
export function ShortcutList() {
  const { t } = useTexts(CUE_TEXTS);
  const labels = {
    play: t('shortcutPlay'),
    back: t('shortcutBack'),
    start: t('shortcutStart'),
    end: t('shortcutEnd'),
    new: t('shortcutNew'),
    undo: t('shortcutUndo'),
    redo: t('shortcutRedo'),
  };
  return (
    <PopoverButton label={t('shortcuts')} icon={<KeyboardIcon />}>
      <Box
        component="dl"
        aria-label={t('shortcuts')}
        sx={{ m: 0, p: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, maxWidth: 360 }}
      >
        {[...SHORTCUTS.map(({ action, keys }) => [keys, labels[action]] as const), ['Ctrl+I / B / U', t('shortcutTags')] as const].map(
          ([keys, label]) => (
            <Box key={keys} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {keys}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {label}
              </Box>
            </Box>
          ),
        )}
      </Box>
    </PopoverButton>
  );
}
