import { defineTexts } from '../i18n/texts';

/** The panel's frame (top bar, sidebar, footer, skip link): in the signed-in area's chunk. */
export const FRAME_TEXTS = defineTexts('frame', {
  skipToContent: 'Skip to content',
  loadingPage: 'Loading page',
  mainNavigation: 'Main',
  home: 'VP Admin home',
  files: 'Files',
  trash: 'Trash',
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  switchToDark: 'Switch to dark theme',
  switchToLight: 'Switch to light theme',
  account: 'Account',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  apiKeys: 'API keys',
  webhooks: 'Webhooks',
  webhooksFailing: '{count} failing',
  /** After the count beside Account, for screen readers: "Account 2 webhooks failing". */
  webhooksFailingAfterCount: 'webhooks failing',
  playerAccess: 'Where videos may play',
  signIn: 'Sign in',
  copyright: '© 2025 {product}.',
  rightsReserved: 'All rights reserved.',
  version: 'Version',
  reload: 'Reload',
  goToFiles: 'Go to Files',
});
