import { Card, CardContent, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { AccountStats } from '../../contract/view-stats';
import { getAccountStats, lastDays } from '../api/stats';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { DASHBOARD_TEXTS } from './dashboard-texts';

/** Days the dashboard's audience covers (the list's Views column's too). */
const DAYS = 30;

/** The account's views and watch time of the last 30 days, and its most viewed files (docs/api.md, View analytics). */
export function DashboardAudience() {
  const api = useApi();
  const { t, locale } = useTexts(DASHBOARD_TEXTS);
  const [stats, setStats] = useState<AccountStats | 'failed' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getAccountStats(api, lastDays(DAYS), controller.signal).then(
      (reply) => setStats(reply.data),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('vp-admin-panel: the audience could not be loaded.', error);
        setStats('failed');
      },
    );
    return () => controller.abort();
  }, [api]);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return (
    <Card component="section" aria-labelledby="vp-dashboard-audience" variant="outlined" sx={{ mt: { xs: 3, sm: 4 } }}>
      <CardContent>
        <Typography id="vp-dashboard-audience" component="h2" variant="h6">
          {t('audience')}
        </Typography>
        {stats === 'failed' ? <Typography color="text.secondary">{t('audienceFailed')}</Typography> : null}
        {stats && stats !== 'failed' ? (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {t('audienceTotals', {
                views: number.format(stats.totals.views),
                minutes: number.format(stats.totals.watch_seconds / 60),
              })}
            </Typography>
            {stats.top_files.length ? (
              <List dense disablePadding aria-label={t('topFiles')}>
                {stats.top_files.map((file) => (
                  <ListItem key={file.file_id} divider sx={{ px: 0 }}>
                    <ListItemText
                      primary={
                        <MuiLink component={Link} href={`/files/${file.file_id}`}>
                          {file.file_title}
                        </MuiLink>
                      }
                      secondary={t('fileViews', { views: number.format(file.views) })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography color="text.secondary">{t('noViews')}</Typography>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
