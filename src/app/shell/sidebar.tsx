import { VideoLibraryIcon } from '../ui/icons';
import { Box, Tooltip } from '@mui/material';
import { Link, useRoute } from 'wouter';
import { visuallyHidden } from '../ui/visually-hidden';
import { Brand } from './brand';
import { SIDEBAR } from './theme';
import { useTexts } from '../i18n/texts';
import { FRAME_TEXTS } from './frame-texts';

/** Width of the collapsed (icon-only) sidebar on wide screens. */
const MINI_WIDTH = 64;

/**
 * The dark sidebar: brand link to '/', and the Files entry with a blue background when active.
 * `narrow` (below 768 px): it overlays the content and `onNavigate` collapses it after a click.
 */
export function Sidebar({ open, narrow, onNavigate }: { open: boolean; narrow: boolean; onNavigate: () => void }) {
  const [filesActive] = useRoute('/files/*?');
  const labelled = open;
  const width = open ? SIDEBAR.width : narrow ? 0 : MINI_WIDTH;
  const { t } = useTexts(FRAME_TEXTS);

  return (
    <Box
      component="nav"
      part="sidebar"
      aria-label={t('mainNavigation')}
      sx={{
        width,
        flexShrink: 0,
        overflow: 'hidden',
        bgcolor: SIDEBAR.background,
        color: SIDEBAR.text,
        transition: 'width 200ms',
        ...(narrow ? { position: 'absolute', top: 0, bottom: 0, left: 0, zIndex: 1200, boxShadow: open ? 8 : 0 } : { minHeight: '100%' }),
      }}
    >
      <Box
        component={Link}
        href="/"
        onClick={narrow ? onNavigate : undefined}
        aria-label={t('home')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: 56,
          px: 2,
          color: '#fff',
          textDecoration: 'none',
          borderBottom: '1px solid #4b545c',
          whiteSpace: 'nowrap',
        }}
      >
        <Brand />
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1 }}>
        <li>
          <Tooltip title={labelled ? '' : t('files')} placement="right">
            <Box
              component={Link}
              href="/files"
              onClick={narrow ? onNavigate : undefined}
              aria-current={filesActive ? 'page' : undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                px: 1.5,
                minHeight: 40,
                borderRadius: 1,
                color: filesActive ? SIDEBAR.activeText : SIDEBAR.text,
                bgcolor: filesActive ? SIDEBAR.activeBackground : 'transparent',
                textDecoration: 'none',
                whiteSpace: 'nowrap',
                '&:hover': { bgcolor: filesActive ? SIDEBAR.activeBackground : 'rgba(255,255,255,0.1)', color: '#fff' },
                '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
              }}
            >
              <VideoLibraryIcon fontSize="small" aria-hidden />
              <Box component="span" sx={labelled ? undefined : visuallyHidden}>
                {t('files')}
              </Box>
            </Box>
          </Tooltip>
        </li>
      </Box>
    </Box>
  );
}
