import { DarkModeIcon, LightModeIcon, MenuIcon, PersonIcon } from '../ui/icons';
import { AppBar, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip } from '@mui/material';
import { useState } from 'react';
import { Link } from 'wouter';
import { useConfigState, useSession } from '../config/use-config';

/** The top bar: sidebar toggle, theme toggle, and the Account menu (or a Sign in link). */
export function Navbar({ onToggleSidebar, sidebarOpen, onSignOut }: { onToggleSidebar: () => void; sidebarOpen: boolean; onSignOut: () => void }) {
  const { store } = useSession();
  const { apiKey, theme } = useConfigState();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';

  return (
    <AppBar part="topbar" position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton edge="start" onClick={onToggleSidebar} aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'} aria-expanded={sidebarOpen}>
          <MenuIcon />
        </IconButton>
        <span style={{ flex: 1 }} />
        <Tooltip title={`Switch to ${nextTheme} theme`}>
          <IconButton onClick={() => store.setTheme(nextTheme)} aria-label={`Switch to ${nextTheme} theme`}>
            {theme === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        {apiKey ? (
          <>
            <Button
              color="inherit"
              startIcon={<PersonIcon />}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
              aria-haspopup="menu"
              aria-expanded={Boolean(menuAnchor)}
              aria-controls={menuAnchor ? 'vp-account-menu' : undefined}
            >
              Account
            </Button>
            <Menu id="vp-account-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  onSignOut();
                }}
              >
                Sign out
              </MenuItem>
            </Menu>
          </>
        ) : (
          <Button component={Link} href="/auth/login" color="inherit">
            Sign in
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
