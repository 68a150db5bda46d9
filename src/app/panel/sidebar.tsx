import type { ReactNode } from 'react';
import { DeleteIcon, VideoLibraryIcon } from '../ui/icons';
import { Box, Tooltip } from '@mui/material';
import { Link, useRoute } from 'wouter';
import { visuallyHidden } from '../ui/visually-hidden';
import { Brand } from '../shell/brand';
import { SIDEBAR } from '../shell/theme';
import { useTexts } from '../i18n/texts';
import { FRAME_TEXTS } from './frame-texts';

/** Width of the collapsed (icon-only) sidebar on wide screens. */
const MINI_WIDTH = 64;

/**
 * The dark sidebar: brand link to '/', and the Files and Trash entries (blue when current).
 * `narrow` (below 768 px): it overlays the content and `onNavigate` collapses it after a click.
 */
export function Sidebar({ open, narrow, onNavigate }: { open: boolean; narrow: boolean; onNavigate: () => void }) {
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
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 0.5 }}>
        <NavItem
          href="/files"
          match="/files/*?"
          label={t('files')}
          icon={<VideoLibraryIcon fontSize="small" aria-hidden />}
          labelled={labelled}
          onClick={narrow ? onNavigate : undefined}
        />
        <NavItem
          href="/trash"
          match="/trash"
          label={t('trash')}
          icon={<DeleteIcon fontSize="small" aria-hidden />}
          labelled={labelled}
          onClick={narrow ? onNavigate : undefined}
        />
      </Box>
    </Box>
  );
}

interface NavItemProps {
  href: string;
  /** The routes that show this entry as the current page. */
  match: string;
  label: string;
  icon: ReactNode;
  /** The label is shown (an open sidebar); collapsed, it is a tooltip and stays in the accessible name. */
  labelled: boolean;
  onClick: (() => void) | undefined;
}

/** One entry of the navigation, with a blue background when it is the current page. */
function NavItem({ href, match, label, icon, labelled, onClick }: NavItemProps) {
  const [active] = useRoute(match);
  return (
    <li>
      <Tooltip title={labelled ? '' : label} placement="right">
        <Box
          component={Link}
          href={href}
          onClick={onClick}
          aria-current={active ? 'page' : undefined}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            px: 1.5,
            minHeight: 40,
            borderRadius: 1,
            color: active ? SIDEBAR.activeText : SIDEBAR.text,
            bgcolor: active ? SIDEBAR.activeBackground : 'transparent',
            textDecoration: 'none',
            whiteSpace: 'nowrap',
            '&:hover': { bgcolor: active ? SIDEBAR.activeBackground : 'rgba(255,255,255,0.1)', color: '#fff' },
            '&:focus-visible': { outline: '2px solid #fff', outlineOffset: -2 },
          }}
        >
          {icon}
          <Box component="span" sx={labelled ? undefined : visuallyHidden}>
            {label}
          </Box>
        </Box>
      </Tooltip>
    </li>
  );
}
