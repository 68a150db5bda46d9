import { Box, Button, useMediaQuery } from '@mui/material';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { GutterFrame } from '../ui/screen';
import { visuallyHidden } from '../ui/visually-hidden';
import { ErrorBoundary } from '../shell/error-boundary';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ProgressBar } from './progress-bar';
import { Sidebar } from './sidebar';
import { focusHeading, useFocusHeading } from './use-focus-heading';
import { useTexts } from '../i18n/texts';
import { FRAME_TEXTS } from './frame-texts';

/** Below this width the sidebar overlays and collapses after a click. */
export const SIDEBAR_BREAKPOINT_PX = 768;

/** The panel's frame: skip link, sidebar, top bar, content and footer, with the route progress bar. */
export function ShellLayout({ location, onSignOut, children }: { location: string; onSignOut: () => void; children: ReactNode }) {
  const narrow = useMediaQuery(`(max-width:${SIDEBAR_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useState(!narrow);
  useEffect(() => setOpen(!narrow), [narrow]);
  const overlaid = narrow && open;
  // The overlaid sidebar covers its own toggle: Escape and a click beside it close it too.
  useEffect(() => {
    if (!overlaid) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [overlaid]);
  const main = useRef<HTMLElement>(null);
  useFocusHeading(location, main);
  const { t } = useTexts(FRAME_TEXTS);

  return (
    <Box
      part="shell"
      sx={{ position: 'relative', display: 'flex', minHeight: 'inherit', bgcolor: 'background.default', color: 'text.primary' }}
    >
      <Box
        component="a"
        href="#vp-main"
        onClick={(event) => {
          event.preventDefault();
          if (!focusHeading(main.current)) main.current?.focus();
        }}
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'absolute',
            zIndex: 1400,
            top: 8,
            left: 8,
            width: 'auto',
            height: 'auto',
            margin: 0,
            clip: 'auto',
            px: 2,
            py: 1,
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'primary.main',
            boxShadow: 3,
            outline: '2px solid',
            outlineColor: 'primary.main',
          },
        }}
      >
        {t('skipToContent')}
      </Box>
      <ProgressBar location={location} />
      <Sidebar open={open} narrow={narrow} onNavigate={() => setOpen(false)} />
      {overlaid ? (
        <Box
          data-testid="sidebar-scrim"
          onClick={() => setOpen(false)}
          sx={{ position: 'absolute', inset: 0, zIndex: 1150, bgcolor: 'rgba(0, 0, 0, 0.4)' }}
        />
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar sidebarOpen={open} onToggleSidebar={() => setOpen((value) => !value)} onSignOut={onSignOut} />
        <Box
          component="main"
          part="content"
          id="vp-main"
          ref={main}
          tabIndex={-1}
          sx={{ flex: 1, outline: 'none', '& h1[tabindex="-1"]:focus': { outline: 'none' } }}
        >
          <GutterFrame>
            <ContentBoundary location={location}>{children}</ContentBoundary>
          </GutterFrame>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}

/** A screen that fails to render takes only the content area down: the shell stays, with two ways on. */
function ContentBoundary({ location, children }: { location: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  const [attempt, setAttempt] = useState(0);
  const { t } = useTexts(FRAME_TEXTS);
  return (
    <ErrorBoundary
      resetKey={location}
      actions={(reset) => (
        <>
          <Button
            variant="contained"
            onClick={() => {
              setAttempt((n) => n + 1);
              reset();
            }}
          >
            {t('reload')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => {
              reset();
              navigate('/files');
            }}
          >
            {t('goToFiles')}
          </Button>
        </>
      )}
    >
      <Fragment key={attempt}>{children}</Fragment>
    </ErrorBoundary>
  );
}
