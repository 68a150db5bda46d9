import { DarkModeIcon, KeyIcon, LightModeIcon, LogoutIcon, MenuIcon, PersonIcon, PlayCircleIcon, WebhookIcon } from '../ui/icons';
import {
  AppBar,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  MenuItem,
  MenuList,
  Popover,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { failingWebhooks } from '../api/webhook-alerts';
import { useApi } from '../api/use-api';
import { useConfigState, useSession } from '../session/use-session';
import type { ServerConfig } from '../session/config-store';
import { useTexts } from '../i18n/texts';
import { FRAME_TEXTS } from './frame-texts';
import { TOP_BAR_HEIGHT } from '../shell/theme';
import { visuallyHidden } from '../ui/visually-hidden';

/**
 * Who is signed in: the server's config names the account (so it survives a reload and works for a
 * key a host passed in, and nothing beyond the session's own storage keys is stored).
 */
function signedInAs(config: ServerConfig | null): string | null {
  const account = config?.account;
  const username = typeof account === 'object' && account !== null ? (account as { username?: unknown }).username : null;
  return typeof username === 'string' && username ? username : null;
}

/** A red pill beside a label: failing webhook endpoints. */
const FAILING_PILL = {
  ml: 1,
  px: 0.75,
  borderRadius: 4,
  bgcolor: 'error.main',
  color: 'error.contrastText',
  fontSize: '0.75rem',
  lineHeight: '20px',
} as const;

/** The top bar: sidebar toggle, theme toggle, and the Account menu (or a Sign in link; a count of failing webhooks beside both). */
export function Navbar({
  onToggleSidebar,
  sidebarOpen,
  onSignOut,
}: {
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
  onSignOut: () => void;
}) {
  const { store } = useSession();
  const { apiKey, theme, config } = useConfigState();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const username = signedInAs(config);
  const { t } = useTexts(FRAME_TEXTS);
  const switchTheme = nextTheme === 'dark' ? t('switchToDark') : t('switchToLight');
  const api = useApi();
  const menuOpen = Boolean(menuAnchor);
  // Failing or paused webhook endpoints, read at sign-in and again as the menu opens or closes.
  const [failing, setFailing] = useState(0);
  useEffect(() => {
    if (!apiKey) return setFailing(0);
    const controller = new AbortController();
    // A key that may not read them (a host's API key) or a failed read: nothing to tell.
    failingWebhooks(api, controller.signal).then(setFailing, () => setFailing(0));
    return () => controller.abort();
  }, [api, apiKey, menuOpen]);

  return (
    <AppBar part="topbar" position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: TOP_BAR_HEIGHT }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          edge="start"
          onClick={onToggleSidebar}
          aria-label={sidebarOpen ? t('collapseSidebar') : t('expandSidebar')}
          aria-expanded={sidebarOpen}
        >
          <MenuIcon />
        </IconButton>
        <span style={{ flex: 1 }} />
        <Tooltip title={switchTheme}>
          <IconButton onClick={() => store.setTheme(nextTheme)} aria-label={switchTheme}>
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
              aria-expanded={menuOpen}
              aria-controls={menuAnchor ? 'vp-account-menu' : undefined}
              sx={{ textTransform: 'none' }}
            >
              {t('account')}
              {failing ? (
                <>
                  {' '}
                  <Box component="span" sx={FAILING_PILL}>
                    {failing}
                  </Box>
                  <Box component="span" sx={visuallyHidden}>
                    {` ${t('webhooksFailingAfterCount')}`}
                  </Box>
                </>
              ) : null}
            </Button>
            {/* A popover rather than a Menu: the "Signed in as" line is text, not a menu item. */}
            <Popover
              open={menuOpen}
              anchorEl={menuAnchor}
              onClose={() => setMenuAnchor(null)}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            >
              {username ? (
                <Box sx={{ px: 2, pt: 1.5, pb: 1, minWidth: 200 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('signedInAs')}
                  </Typography>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{username}</Typography>
                </Box>
              ) : null}
              {username ? <Divider /> : null}
              <MenuList
                id="vp-account-menu"
                autoFocusItem
                aria-label={t('account')}
                onKeyDown={(event) => event.key === 'Tab' && setMenuAnchor(null)}
              >
                <MenuItem component={Link} href="/account/keys" onClick={() => setMenuAnchor(null)}>
                  <ListItemIcon>
                    <KeyIcon fontSize="small" />
                  </ListItemIcon>
                  {t('apiKeys')}
                </MenuItem>
                <MenuItem component={Link} href="/account/webhooks" onClick={() => setMenuAnchor(null)}>
                  <ListItemIcon>
                    <WebhookIcon fontSize="small" />
                  </ListItemIcon>
                  {t('webhooks')}
                  {failing ? (
                    <>
                      {' '}
                      <Box component="span" sx={FAILING_PILL}>
                        {t('webhooksFailing', { count: failing })}
                      </Box>
                    </>
                  ) : null}
                </MenuItem>
                <MenuItem component={Link} href="/account/player-access" onClick={() => setMenuAnchor(null)}>
                  <ListItemIcon>
                    <PlayCircleIcon fontSize="small" />
                  </ListItemIcon>
                  {t('playerAccess')}
                </MenuItem>
                <MenuItem
                  onClick={() => {
                    setMenuAnchor(null);
                    onSignOut();
                  }}
                >
                  <ListItemIcon>
                    <LogoutIcon fontSize="small" />
                  </ListItemIcon>
                  {t('signOut')}
                </MenuItem>
              </MenuList>
            </Popover>
          </>
        ) : (
          <Button component={Link} href="/auth/login" color="inherit">
            {t('signIn')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
