import { Alert, Box, Button, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ApiClient } from '../api/client';
import { FILE_STATUS } from '../../contract/file-status';
import { getFiles, type FileQuery } from '../api/files';
import { useApi } from '../api/use-api';
import { useConfigState } from '../session/use-session';
import { ArrowForwardIcon } from '../ui/icons';
import { useTexts } from '../i18n/texts';
import { DASHBOARD_TEXTS } from './dashboard-texts';

// The account's views (GET /api/stats): their own chunk, so the counts and the way into Files paint first.
const AccountViews = lazy(() => import('./account-views'));

interface Tile {
  label: Extract<keyof typeof DASHBOARD_TEXTS.en, `tile${string}`>;
  /** The list view the tile opens, as a query string. */
  query: string;
  filter: Partial<Pick<FileQuery, 'isActive' | 'file_status'>>;
  accent: string;
}

const TILES: Tile[] = [
  { label: 'tileAll', query: '', filter: {}, accent: 'primary.main' },
  { label: 'tileActive', query: '?isActive=1', filter: { isActive: 1 }, accent: 'primary.main' },
  {
    label: 'tileCompleted',
    query: `?file_status=${FILE_STATUS.completed}`,
    filter: { file_status: FILE_STATUS.completed },
    accent: 'success.main',
  },
  {
    label: 'tileDownloadFailed',
    query: `?file_status=${FILE_STATUS.downloadFailed}`,
    filter: { file_status: FILE_STATUS.downloadFailed },
    accent: 'error.main',
  },
  {
    label: 'tileUploadFailed',
    query: `?file_status=${FILE_STATUS.uploadFailed}`,
    filter: { file_status: FILE_STATUS.uploadFailed },
    accent: 'error.main',
  },
];

type Counts = { status: 'loading' } | { status: 'ready'; counts: number[] } | { status: 'failed' };

/** One count per tile: the list's total for that filter (a one-row page each, so it costs the server little). */
async function loadCounts(api: ApiClient): Promise<number[]> {
  return Promise.all(
    TILES.map(async ({ filter }) => {
      const reply = await getFiles(api, { page: 1, limit: 1, sort_by: 'created_at', order: 'desc', ...filter });
      if (reply.status !== 'success') throw new Error(reply.message);
      return reply.data.pagination.total_records;
    }),
  );
}

/** The landing page: the 'Dashboard' heading, then how the account's files stand, each count a way into the list. */
export function Dashboard() {
  const { config } = useConfigState();
  const account = config?.account as { username?: unknown } | undefined;
  const username = typeof account?.username === 'string' ? account.username : null;
  const api = useApi();
  const { t, locale } = useTexts(DASHBOARD_TEXTS);
  const [counts, setCounts] = useState<Counts>({ status: 'loading' });
  const load = useCallback(() => {
    let live = true;
    setCounts({ status: 'loading' });
    loadCounts(api).then(
      (values) => live && setCounts({ status: 'ready', counts: values }),
      (error: unknown) => {
        console.error('vp-admin-panel: the dashboard counts could not be loaded.', error);
        if (live) setCounts({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(load, [load]);

  return (
    <Box component="section" aria-labelledby="vp-dashboard-title" sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography
        id="vp-dashboard-title"
        component="h1"
        variant="h4"
        tabIndex={-1}
        sx={{ textAlign: 'center', pt: { xs: 1, sm: 3 }, outline: 'none' }}
      >
        {t('dashboard')}
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mt: 1, mb: { xs: 3, sm: 4 } }}>
        {username ? t('welcome', { name: username }) : ''}
        {t('standing')}
      </Typography>
      {counts.status === 'failed' ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={load}>
              {t('retry')}
            </Button>
          }
        >
          {t('countsFailed')}
        </Alert>
      ) : null}
      <Box
        component="ul"
        aria-busy={counts.status === 'loading'}
        // Five tiles: one row from 1100 px up; on a phone two columns under a full-width total, so
        // no tile is left alone on a row and 'Go to Files' stays near the first screen.
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: { xs: 1.5, sm: 2 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(168px, 1fr))' },
          '& > li:first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        }}
      >
        {TILES.map((tile, i) => (
          <li key={tile.label}>
            <Card variant="outlined" sx={{ borderLeft: 4, borderLeftColor: tile.accent, height: '100%' }}>
              <CardActionArea component={Link} href={`/files${tile.query}`} sx={{ p: 2, height: '100%' }}>
                <Typography sx={{ color: 'text.secondary' }}>{t(tile.label)}</Typography>
                <Typography component="p" variant="h4" sx={{ fontWeight: 500, my: 0.5 }}>
                  {counts.status === 'ready' ? (
                    counts.counts[i]!.toLocaleString(locale)
                  ) : counts.status === 'loading' ? (
                    <Skeleton width={80} />
                  ) : (
                    '—'
                  )}
                </Typography>
                <Typography variant="body2" sx={{ color: 'primary.main', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {t('viewFiles')} <ArrowForwardIcon sx={{ fontSize: 16 }} aria-hidden />
                </Typography>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
      <Box sx={{ textAlign: 'center', mt: { xs: 3, sm: 4 } }}>
        <Button component={Link} href="/files" variant="contained" size="large">
          {t('goToFiles')}
        </Button>
      </Box>
      <Suspense fallback={null}>
        <AccountViews />
      </Suspense>
    </Box>
  );
}
