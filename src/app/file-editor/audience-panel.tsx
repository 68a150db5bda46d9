import { Alert, Box, Button, ButtonGroup, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { getFileStats, lastDays, type FileStats } from '../api/stats';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { DayBars } from '../shared/day-bars';
import { ExportRange } from '../shared/export-range';
import { RetentionCurve } from '../shared/retention-curve';
import { ViewDefinition } from '../shared/view-definition';
import { formatShare, formatShortDay, formatWatchTime } from '../shared/view-figures';
import { AUDIENCE_TEXTS } from './audience-texts';

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];
type Load = { status: 'loading' } | { status: 'ready'; stats: FileStats } | { status: 'failed' };

/**
 * The open Audience card (issue 41): a file's views and watch time per day over 7, 30 or 90 days, its
 * retention curve and top sites, what counts as a view, and its days as CSV over a range of days. Its own chunk, loaded
 * when the operator opens the card (≤ 40 KB gzip, decision D64): the editor's first load has none of it.
 */
export default function AudiencePanel({ fileId }: { fileId: number }) {
  const api = useApi();
  const { t, locale } = useTexts(AUDIENCE_TEXTS);
  const [period, setPeriod] = useState<Period>(30);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const range = lastDays(period);

  const fetchStats = useCallback(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getFileStats(api, fileId, lastDays(period), controller.signal).then(
      (reply) =>
        controller.signal.aborted ||
        setLoad(reply.status === 'success' && reply.data ? { status: 'ready', stats: reply.data } : { status: 'failed' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`vp-file-editor: the views of file ${fileId} could not be loaded.`, err);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, fileId, period]);
  useEffect(fetchStats, [fetchStats]);

  const count = (value: number) => value.toLocaleString(locale);
  const watch = (value: number) => formatWatchTime(value, locale);
  const summary = (caption: string, values: number[], format: (value: number) => string) =>
    t('chartSummary', {
      caption,
      from: formatShortDay(range.from, locale),
      to: formatShortDay(range.to, locale),
      total: format(values.reduce((a, b) => a + b, 0)),
      max: format(Math.max(0, ...values)),
    });

  return (
    <Stack spacing={2}>
      {/* Pressed buttons rather than MUI's ToggleButton: the list loads that, and sharing it would split it into a chunk of its own. */}
      <ButtonGroup size="small" variant="outlined" role="group" aria-label={t('period')}>
        {PERIODS.map((days) => (
          <Button
            key={days}
            aria-pressed={days === period}
            // The pressed one shaded in the text's colour: a filled small button, or blue on the shade, missed 4.5:1 in the dark theme (axe).
            sx={days === period ? { bgcolor: 'action.selected', color: 'text.primary', fontWeight: 700 } : undefined}
            onClick={() => setPeriod(days)}
          >
            {t('days', { count: days })}
          </Button>
        ))}
      </ButtonGroup>

      {load.status === 'loading' ? (
        <Stack role="status" aria-label={t('loading')} sx={{ alignItems: 'center', py: 3 }}>
          <CircularProgress size={32} />
        </Stack>
      ) : null}
      {load.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={fetchStats}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : null}
      {load.status === 'ready' ? (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, m: 0 }}>
            <Figure label={t('views')} value={count(load.stats.totals.views)} />
            <Figure label={t('watchTime')} value={watch(load.stats.totals.watch_seconds)} />
          </Box>
          <DayBars
            caption={t('viewsPerDay')}
            days={load.stats.days.map((d) => ({ date: d.date, value: d.views }))}
            format={count}
            summary={summary(
              t('viewsPerDay'),
              load.stats.days.map((d) => d.views),
              count,
            )}
            locale={locale}
            color="primary.main"
          />
          <DayBars
            caption={t('watchPerDay')}
            days={load.stats.days.map((d) => ({ date: d.date, value: d.watch_seconds }))}
            format={watch}
            summary={summary(
              t('watchPerDay'),
              load.stats.days.map((d) => d.watch_seconds),
              watch,
            )}
            locale={locale}
            color="info.main"
          />
          <RetentionCurve
            caption={t('retention')}
            retention={load.stats.retention}
            summary={t('retentionSummary', {
              points: load.stats.retention.map((share, i) => `${formatShare(i / 10, locale)}: ${formatShare(share, locale)}`).join(', '),
            })}
            locale={locale}
          />
          <Box>
            <Typography component="h3" variant="subtitle2">
              {t('sites')}
            </Typography>
            {load.stats.sites.length ? (
              <List dense disablePadding>
                {load.stats.sites.map((site) => (
                  <ListItem key={site.host} disableGutters divider>
                    <ListItemText primary={site.host || t('noSite')} sx={{ overflowWrap: 'anywhere', m: 0 }} />
                    <Typography variant="body2" sx={{ ml: 2, fontVariantNumeric: 'tabular-nums' }}>
                      {count(site.views)}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('noSites')}
              </Typography>
            )}
          </Box>
        </>
      ) : null}

      <ViewDefinition />
      {/* Its days start as the period's; a press on another period starts them again (the key). */}
      <ExportRange key={period} initial={range} fileId={fileId} />
    </Stack>
  );
}

/** A total: its label over its value. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}
