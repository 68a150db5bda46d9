import { Alert, Box, Button, Card, CardContent, Link as MuiLink, List, ListItem, Skeleton, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { getAccountStats, lastDays, type AccountStats } from '../api/stats';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { ExportRange } from '../shared/export-range';
import { ViewDefinition } from '../shared/view-definition';
import { formatWatchTime } from '../shared/view-figures';
import { ACCOUNT_VIEWS_TEXTS } from './account-views-texts';

const DAYS = 30;
type Load = { status: 'loading' } | { status: 'ready'; stats: AccountStats } | { status: 'failed' };

/**
 * The dashboard's views (issue 41): the account's views and watch time over the last 30 days, its most
 * watched files (each a way into its editor), what counts as a view, and its days as CSV over a range
 * the operator picks. Its own chunk (GET /api/stats), loaded after the dashboard's counts.
 */
export default function AccountViews() {
  const api = useApi();
  const { t, locale } = useTexts(ACCOUNT_VIEWS_TEXTS);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const titleId = useId();

  const fetchStats = useCallback(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getAccountStats(api, lastDays(DAYS), controller.signal).then(
      (reply) =>
        controller.signal.aborted ||
        setLoad(reply.status === 'success' && reply.data ? { status: 'ready', stats: reply.data } : { status: 'failed' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.error('vp-admin-panel: the account views could not be loaded.', err);
        setLoad({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api]);
  useEffect(fetchStats, [fetchStats]);

  const figure = (label: string, value: string | null) => (
    <Box>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 500 }}>
        {value ?? <Skeleton width={80} />}
      </Typography>
    </Box>
  );
  const stats = load.status === 'ready' ? load.stats : null;

  return (
    <Card component="section" variant="outlined" aria-labelledby={titleId} sx={{ mt: { xs: 3, sm: 4 } }}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('title')}
        </Typography>
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
        ) : (
          <Box
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}
            aria-busy={load.status === 'loading'}
          >
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2, m: 0, alignContent: 'start' }}
            >
              {figure(t('views'), stats && stats.totals.views.toLocaleString(locale))}
              {figure(t('watchTime'), stats && formatWatchTime(stats.totals.watch_seconds, locale))}
            </Box>
            <Box>
              <Typography component="h3" variant="subtitle2">
                {t('topFiles')}
              </Typography>
              {stats && !stats.top_files.length ? (
                <Typography color="text.secondary">{t('noViews')}</Typography>
              ) : (
                <List dense disablePadding>
                  {(stats?.top_files ?? []).map((file) => (
                    <ListItem key={file.file_id} disableGutters divider sx={{ gap: 2, justifyContent: 'space-between' }}>
                      <MuiLink component={Link} href={`/files/${file.file_id}`} sx={{ overflowWrap: 'anywhere' }}>
                        {file.file_title}
                      </MuiLink>
                      <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        {t('fileViews', { count: file.views })}
                      </Typography>
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Box>
        )}
        <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
          <ViewDefinition />
          <ExportRange initial={lastDays(DAYS)} />
        </Box>
      </CardContent>
    </Card>
  );
}
