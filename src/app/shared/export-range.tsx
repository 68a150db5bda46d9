import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useId, useRef, useState, type FormEvent } from 'react';
import { downloadAsFile } from '../api/download';
import { statsCsv, type DayRange } from '../api/stats';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useNotify } from '../shell/notify';
import { DownloadIcon } from '../ui/icons';
import { EXPORT_RANGE_TEXTS } from './export-range-texts';
import { formatDayRange } from './view-figures';

/**
 * Views as CSV over a range of UTC days the operator picks (issue 41): a file's (`fileId`, the Audience
 * card) or the account's (the dashboard). The date fields are the browser's own, which write dates in
 * the browser's language; the line under them says the chosen days in the element's `locale`.
 */
export function ExportRange({ initial, fileId }: { initial: DayRange; fileId?: number }) {
  const api = useApi();
  const notify = useNotify();
  const { t, locale } = useTexts(EXPORT_RANGE_TEXTS);
  const [range, setRange] = useState(initial);
  const [badRange, setBadRange] = useState(false);
  const root = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const daysId = useId();
  const valid = Boolean(range.from && range.to && range.from <= range.to);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBadRange(!valid);
    if (!valid) return;
    const { path, filename } = statsCsv(range, fileId);
    downloadAsFile(api, path, filename, root.current ?? document.body).catch(() => notify.error(t('exportFailed')));
  };
  const input = (key: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      label={t(key)}
      value={range[key]}
      onChange={(event) => {
        setRange({ ...range, [key]: event.target.value });
        setBadRange(false);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-describedby': daysId } }}
    />
  );

  return (
    <Box component="form" ref={root} noValidate onSubmit={submit} aria-labelledby={titleId}>
      <Typography id={titleId} component="h3" variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('title')}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {input('from')}
        {input('to')}
        <Button type="submit" startIcon={<DownloadIcon />}>
          {t('exportCsv')}
        </Button>
      </Stack>
      <Typography id={daysId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {valid ? t('days', { range: formatDayRange(range, locale) }) : null}
      </Typography>
      {badRange ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {t('badRange')}
        </Typography>
      ) : null}
    </Box>
  );
}
