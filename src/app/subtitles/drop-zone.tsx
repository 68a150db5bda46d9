import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { SUBTITLE_EXTENSIONS } from '../../contract/subtitles';
import { CloudUploadIcon, SubtitlesIcon } from '../ui/icons';
import { useFileDrop } from '../ui/use-file-drop';
import { formatSize } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

interface DropZoneProps {
  file: File | null;
  disabled: boolean;
  invalid: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** Drag a file here or press the area (click, Enter, Space: it is a button) to choose one; the chosen file shows its name and size with Remove. */
export function DropZone({ file, disabled, invalid, onFile, onRemove }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { over, dropProps, onInputChange } = useFileDrop(onFile, disabled);
  const { t, locale } = useTexts(SUBTITLE_TEXTS);
  const open = () => !disabled && input.current?.click();
  return (
    <Box>
      <input ref={input} type="file" hidden accept={SUBTITLE_EXTENSIONS.join(',')} aria-label={t('fileInput')} onChange={onInputChange} />
      {file ? (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', p: 1.5, border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 1 }}
        >
          <SubtitlesIcon color="action" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ wordBreak: 'break-all' }}>{file.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {formatSize(file.size, locale)}
            </Typography>
          </Box>
          <Button onClick={onRemove} disabled={disabled} color="error" aria-label={t('removeFile', { name: file.name })}>
            {t('remove')}
          </Button>
        </Stack>
      ) : (
        // A native button: Enter and Space open the file picker the way every button does.
        <Box
          component="button"
          type="button"
          disabled={disabled}
          aria-describedby={hintId}
          onClick={open}
          {...dropProps}
          sx={{
            display: 'block',
            width: '100%',
            font: 'inherit',
            color: 'inherit',
            p: 3,
            textAlign: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderColor: over ? 'primary.main' : invalid ? 'error.main' : 'divider',
            borderRadius: 1,
            cursor: disabled ? 'default' : 'pointer',
            bgcolor: over ? 'action.hover' : 'transparent',
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 2 },
          }}
        >
          <CloudUploadIcon color="action" fontSize="large" aria-hidden />
          <Typography component="span" sx={{ display: 'block' }}>
            {t('dropHere')}
          </Typography>
          <Typography id={hintId} component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('dropHint')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
