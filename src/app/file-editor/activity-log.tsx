import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { getFileActivity, type ActivityEntry } from '../api/activity';
import { useApi } from '../api/use-api';
import { formatAge, formatDateTime } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { UI_TEXTS } from '../ui/texts';
import { activityLines } from './activity-lines';
import { ACTIVITY_TEXTS } from './activity-texts';

/** Entries per page of the log ('Show more' reads the next). */
const PAGE = 20;

type Log = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: ActivityEntry[]; more: boolean };

/**
 * The file's activity log, newest first: what changed (before → after), who, from where and when.
 * Read again when `version` changes (a save here or one merged in). Its own chunk, loaded when the
 * operator asks for it (activity-section.tsx).
 */
export default function ActivityLog({ fileId, version }: { fileId: number; version: number | null | undefined }) {
  const api = useApi();
  const { t, language, locale } = useTexts(ACTIVITY_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const [log, setLog] = useState<Log>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getFileActivity(api, fileId, PAGE, undefined, controller.signal).then(
      (reply) => setLog({ status: 'ready', entries: reply.data.activity, more: reply.data.activity.length === PAGE }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`vp-file-editor: the activity of file ${fileId} could not be loaded.`, error);
        setLog({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, fileId, version, attempt]);

  const showMore = useCallback(async () => {
    if (log.status !== 'ready') return;
    const oldest = log.entries.at(-1)?.activity_id;
    try {
      const reply = await getFileActivity(api, fileId, PAGE, oldest);
      setLog({ status: 'ready', entries: [...log.entries, ...reply.data.activity], more: reply.data.activity.length === PAGE });
    } catch (error) {
      console.error(`vp-file-editor: more activity of file ${fileId} could not be loaded.`, error);
      setLog({ status: 'failed' });
    }
  }, [api, fileId, log]);

  const sources: Record<string, string> = {
    panel: t('sourcePanel'),
    api: t('sourceApi'),
    pipeline: t('sourcePipeline'),
    cli: t('sourceCli'),
    retention: t('sourceRetention'),
    schedule: t('sourceSchedule'),
  };
  const now = new Date();
  return (
    <>
      {log.status === 'loading' ? <Typography color="text.secondary">{t('loading')}</Typography> : null}
      {log.status === 'failed' ? (
        <Alert severity="warning" action={<Button onClick={() => setAttempt((n) => n + 1)}>{ui('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      ) : null}
      {log.status === 'ready' && log.entries.length === 0 ? <Typography color="text.secondary">{t('empty')}</Typography> : null}
      {log.status === 'ready' && log.entries.length > 0 ? (
        <>
          <List dense disablePadding aria-label={t('entries')}>
            {log.entries.map((entry) => (
              <ListItem key={entry.activity_id} divider sx={{ px: 0 }}>
                <ListItemText
                  primary={activityLines(entry, t, language, locale).map((line, i) => (
                    <Box component="span" key={i} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {line}
                    </Box>
                  ))}
                  secondary={
                    <time dateTime={entry.at} title={formatDateTime(entry.at, locale)}>
                      {entry.source === 'key'
                        ? t('bylineKey', { actor: entry.actor, when: formatAge(entry.at, now, locale, t('justNow')) })
                        : t('byline', {
                            actor: entry.actor,
                            source: sources[entry.source] ?? entry.source,
                            when: formatAge(entry.at, now, locale, t('justNow')),
                          })}
                    </time>
                  }
                />
              </ListItem>
            ))}
          </List>
          {log.more ? (
            <Button onClick={() => void showMore()} sx={{ mt: 1 }}>
              {t('showMore')}
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  );
}
