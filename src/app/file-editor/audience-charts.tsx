import { Alert, Box, Button, List, ListItem, ListItemText, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import type { ViewStats } from '../../contract/view-stats';
import { getFileStats, lastDays } from '../api/stats';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { UI_TEXTS } from '../ui/texts';
import { AUDIENCE_TEXTS } from './audience-texts';

const RANGES = [7, 30, 90] as const;

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; stats: ViewStats; range: { from: string; to: string } };

/** A UTC day as the locale writes it, short (12 Jun, 12 thg 6). */
const dayLabel = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * The Audience card's body, in its own chunk with @mui/x-charts: views and watch time per day over 7,
 * 30 or 90 days, the retention curve, the top sites, and the days as CSV.
 */
export default function AudienceCharts({ fileId }: { fileId: number }) {
  const api = useApi();
  const { t, locale } = useTexts(AUDIENCE_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const range = lastDays(days);
    setLoaded({ status: 'loading' });
    getFileStats(api, fileId, range, controller.signal).then(
      (reply) => setLoaded({ status: 'ready', stats: reply.data, range }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`vp-file-editor: the audience of file ${fileId} could not be loaded.`, error);
        setLoaded({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, fileId, days, attempt]);

  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });

  const exportCsv = async (range: { from: string; to: string }) => {
    const url = `${api.url(`files/${fileId}/stats.csv`)}?from=${range.from}&to=${range.to}`;
    const reply = await fetch(url, { headers: api.authHeaders() });
    if (!reply.ok) return setLoaded({ status: 'failed' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await reply.blob());
    link.download = `views-${fileId}-${range.from}-${range.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={days} aria-label={t('range')} onChange={(_, value) => value && setDays(value)}>
          {RANGES.map((n) => (
            <ToggleButton key={n} value={n}>
              {t('days', { n: String(n) })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {loaded.status === 'ready' ? (
          <Button size="small" onClick={() => void exportCsv(loaded.range)}>
            {t('exportCsv')}
          </Button>
        ) : null}
      </Stack>
      {loaded.status === 'loading' ? <Typography color="text.secondary">{t('loading')}</Typography> : null}
      {loaded.status === 'failed' ? (
        <Alert severity="warning" action={<Button onClick={() => setAttempt((n) => n + 1)}>{ui('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      ) : null}
      {loaded.status === 'ready' ? (
        <>
          <Typography role="status">
            {t('totals', {
              views: number.format(loaded.stats.totals.views),
              minutes: number.format(loaded.stats.totals.watch_seconds / 60),
            })}
          </Typography>
          <Box role="figure" aria-label={t('perDay')}>
            <LineChart
              height={220}
              xAxis={[{ scaleType: 'point', data: loaded.stats.days.map((d) => dayLabel(d.date, locale)) }]}
              series={[
                { label: t('views'), data: loaded.stats.days.map((d) => d.views), valueFormatter: (n) => number.format(n ?? 0) },
                {
                  label: t('watchTime'),
                  data: loaded.stats.days.map((d) => d.watch_seconds / 60),
                  valueFormatter: (n) => number.format(n ?? 0),
                },
              ]}
            />
          </Box>
          <Box role="figure" aria-label={t('retention')}>
            <Typography variant="subtitle2">{t('retention')}</Typography>
            <LineChart
              height={180}
              xAxis={[{ scaleType: 'point', data: loaded.stats.retention.map((_, i) => percent.format(i / 10)) }]}
              yAxis={[{ min: 0, max: 1, valueFormatter: (n: number) => percent.format(n) }]}
              series={[{ label: t('reached'), data: loaded.stats.retention, area: true, valueFormatter: (n) => percent.format(n ?? 0) }]}
            />
          </Box>
          <Typography variant="subtitle2" component="h3">
            {t('sites')}
          </Typography>
          {loaded.stats.sites.length ? (
            <List dense disablePadding aria-label={t('sites')}>
              {loaded.stats.sites.map((site) => (
                <ListItem key={site.host} divider sx={{ px: 0 }}>
                  <ListItemText primary={site.host} secondary={`${number.format(site.views)} ${t('views').toLowerCase()}`} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{t('noSites')}</Typography>
          )}
        </>
      ) : null}
    </Stack>
  );
}
