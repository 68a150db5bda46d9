import { Box, useMediaQuery } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ProgressBar } from './progress-bar';
import { Sidebar } from './sidebar';

/** Spec §9: below this width the sidebar overlays and collapses after a click. */
export const SIDEBAR_BREAKPOINT_PX = 768;

/** The panel's frame: sidebar, top bar, content and footer, with the route progress bar. */
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

  return (
    <Box part="shell" sx={{ position: 'relative', display: 'flex', minHeight: 'inherit', bgcolor: 'background.default', color: 'text.primary' }}>
      <ProgressBar location={location} />
      <Sidebar open={open} narrow={narrow} onNavigate={() => setOpen(false)} />
      {overlaid ? <Box data-testid="sidebar-scrim" onClick={() => setOpen(false)} sx={{ position: 'absolute', inset: 0, zIndex: 1150, bgcolor: 'rgba(0, 0, 0, 0.4)' }} /> : null}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Navbar sidebarOpen={open} onToggleSidebar={() => setOpen((value) => !value)} onSignOut={onSignOut} />
        <Box component="main" part="content" sx={{ flex: 1, p: { xs: 1.5, sm: 2.5 } }}>
          {children}
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
