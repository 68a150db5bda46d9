import { expect } from '@esm-bundle/chai';
import { button, CONFIG_REPLY, deepQueryAll, hostCss, HOSTILE_CSS, jsonReply, stubFetch, waitFor } from './helpers';
import '../../src/index';
import { sessionFor } from '../../src/app/session/session';

const { store: configStore } = sessionFor();

/** The element infrastructure in real Chromium: shadow root, styles, portals, host CSS, events, define. */
describe('kit elements', () => {
  let undoFetch: () => void;
  let panel: HTMLElement;

  beforeEach(async () => {
    configStore.signOut();
    undoFetch = stubFetch((url) =>
      url.pathname.endsWith('/config') ? jsonReply(CONFIG_REPLY) : jsonReply({ status: 'success', message: 'ok' }),
    );
    panel = document.createElement('vp-admin-panel');
    panel.setAttribute('routing', 'memory');
    document.body.append(panel);
    await customElements.whenDefined('vp-admin-panel');
    await waitFor(() => panel.shadowRoot?.querySelector('form'), 'the sign-in form');
  });

  afterEach(() => {
    panel.remove();
    undoFetch();
    configStore.signOut();
  });

  it('renders into an open shadow root with its styles inside it and nothing in document.head', () => {
    const root = panel.shadowRoot!;
    expect(root.mode).to.equal('open');
    expect(button(root, 'Sign In')).to.exist;
    expect(root.querySelectorAll('style[data-emotion]').length).to.be.greaterThan(0);
    expect(document.head.querySelectorAll('style[data-emotion], #_goober').length).to.equal(0);
    expect(getComputedStyle(button(root, 'Sign In')!).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
  });

  it('is not changed by hostile host CSS', () => {
    const root = panel.shadowRoot!;
    const signIn = button(root, 'Sign In')!;
    const before = { bg: getComputedStyle(signIn).backgroundColor, font: getComputedStyle(signIn).fontFamily };
    const undo = hostCss(`${HOSTILE_CSS} vp-admin-panel { color: lime; line-height: 5; letter-spacing: 9px; text-align: right; }`);
    try {
      const after = getComputedStyle(signIn);
      expect(after.backgroundColor).to.equal(before.bg);
      expect(after.backgroundColor).to.not.equal('rgb(255, 0, 0)');
      expect(after.fontFamily).to.equal(before.font);
      expect(after.fontFamily).to.not.match(/^serif/);
      const heading = root.querySelector('h1')!;
      expect(getComputedStyle(heading).color).to.not.equal('rgb(0, 255, 0)');
      expect(getComputedStyle(heading).letterSpacing).to.not.equal('9px');
      for (const div of root.querySelectorAll('div')) expect(getComputedStyle(div).marginTop).to.not.equal('20px');
    } finally {
      undo();
    }
  });

  it('renders menus, tooltips and toasts inside its shadow root, styled', async () => {
    panel.remove();
    (panel as HTMLElement & { apiKey: string }).apiKey = 'browser-test-key';
    document.body.append(panel);
    const root = panel.shadowRoot!;
    const account = await waitFor(() => button(root, 'Account'), 'the Account button');
    account.click();
    const menuItem = await waitFor(
      () => [...root.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Sign out'),
      'the Sign out menu item',
    );
    expect(document.body.querySelector('[role="menu"]')).to.equal(null);
    expect(getComputedStyle(menuItem.closest('[role="presentation"]') ?? menuItem).position).to.equal('fixed');
    (menuItem.closest('[role="presentation"]')!.firstElementChild as HTMLElement).click();
    await waitFor(() => !root.querySelector('[role="menu"]'), 'the menu to close');

    const themeToggle = button(root, 'Switch to dark theme')!;
    themeToggle.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tooltip = await waitFor(() => root.querySelector('[role="tooltip"]'), 'the theme tooltip');
    expect(tooltip.textContent).to.equal('Switch to dark theme');
    expect(document.body.querySelector('[role="tooltip"]')).to.equal(null);

    account.click();
    (
      (await waitFor(
        () => [...root.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Sign out'),
        'Sign out',
      )) as HTMLElement
    ).click();
    await waitFor(() => button(root, 'Sign In'), 'the sign-in form after signing out');
  });

  it('renders toasts inside its shadow root, styled, and Alt+T focuses the newest', async () => {
    const { createElement } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const { KitRoot } = await import('../../src/app/shell/kit-root');
    const { historyGuard } = await import('../../src/app/shell/history-guard');
    const { useNotify } = await import('../../src/app/shell/notify');
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    function Toaster() {
      const notify = useNotify();
      return createElement('button', { onClick: () => notify.success('Saved!') }, 'Toast');
    }
    const reactRoot = createRoot(shadow);
    reactRoot.render(createElement(KitRoot, { container: shadow, session: sessionFor(), historyGuard, children: createElement(Toaster) }));
    try {
      (await waitFor(() => button(shadow, 'Toast'), 'the toaster')).click();
      const toast = await waitFor(() => shadow.querySelector<HTMLElement>('[data-vp-toast]'), 'the toast');
      expect(toast.textContent).to.contain('Saved!');
      expect(toast.getAttribute('role')).to.equal('status');
      expect(document.body.querySelector('[data-vp-toast]')).to.equal(null);
      const stack = toast.closest('[class*="notistack-SnackbarContainer"]') as HTMLElement;
      expect(getComputedStyle(stack).position).to.equal('fixed');
      const box = toast.getBoundingClientRect();
      expect(box.right).to.be.greaterThan(window.innerWidth - 100);
      // Below the panel's top bar (56 px), so a toast never covers the theme toggle or the Account menu.
      expect(box.top).to.be.within(56, 100);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 't', altKey: true }));
      expect(shadow.activeElement).to.equal(toast);
    } finally {
      reactRoot.unmount();
      host.remove();
    }
  });

  it('dispatches bubbling, composed events that the host page hears', async () => {
    const heard: string[] = [];
    const listener = (event: Event) => heard.push(`${event.type}:${event.bubbles}:${event.composed}`);
    document.addEventListener('vp-signed-out', listener);
    try {
      panel.remove();
      (panel as HTMLElement & { apiKey: string }).apiKey = 'browser-test-key';
      document.body.append(panel);
      const root = panel.shadowRoot!;
      (await waitFor(() => button(root, 'Account'), 'the Account button')).click();
      (
        (await waitFor(
          () => [...root.querySelectorAll('[role="menuitem"]')].find((item) => item.textContent === 'Sign out'),
          'Sign out',
        )) as HTMLElement
      ).click();
      await waitFor(() => heard.length > 0, 'the vp-signed-out event');
      expect(heard).to.deep.equal(['vp-signed-out:true:true']);
    } finally {
      document.removeEventListener('vp-signed-out', listener);
    }
  });

  it('shows the server message inline when sign-in fails, in a red alert', async () => {
    undoFetch();
    undoFetch = stubFetch(() => jsonReply({ status: 'error', message: 'Invalid username or password' }, 401));
    const root = panel.shadowRoot!;
    const [user, pass] = root.querySelectorAll('input');
    for (const [input, value] of [
      [user!, 'demo'],
      [pass!, 'wrong'],
    ] as const) {
      input.focus();
      document.execCommand('insertText', false, value);
    }
    button(root, 'Sign In')!.click();
    const alert = await waitFor(
      () => [...root.querySelectorAll('[role="alert"]')].find((a) => a.textContent?.includes('Invalid username or password')),
      'the error alert',
    );
    expect(getComputedStyle(alert).backgroundColor).to.match(/rgb\((2[0-9]{2}), /);
  });

  it('survives a second copy of the bundle defining the same tags', async () => {
    const copy = await import(/* @vite-ignore */ `/src/index.ts?copy=${Date.now()}`).then(
      () => 'ok',
      (error: unknown) => String(error),
    );
    expect(copy).to.equal('ok');
    expect(customElements.get('vp-admin-panel')).to.exist;
  });

  it('defines every tag at once, with its properties known before any code loads', () => {
    for (const tag of ['vp-admin-panel', 'vp-file-list', 'vp-file-editor']) {
      const element = document.createElement(tag);
      expect(customElements.get(tag), tag).to.exist;
      expect('apiKey' in element, `${tag} apiKey`).to.equal(true);
      expect('apiBase' in element, `${tag} apiBase`).to.equal(true);
      expect('theme' in element, `${tag} theme`).to.equal(true);
    }
    expect('fileId' in document.createElement('vp-file-editor')).to.equal(true);
  });

  it('keeps a property set before the element upgraded (the upgrade-property pattern)', async () => {
    // An element made in a document without a browsing context is upgraded only once it joins this one.
    const inert = document.implementation.createHTMLDocument('');
    const early = inert.createElement('vp-file-editor') as HTMLElement & { fileId?: unknown };
    early.fileId = 'not-a-number';
    expect(Object.prototype.hasOwnProperty.call(early, 'fileId')).to.equal(true);
    configStore.signIn('browser-test-key');
    document.body.append(document.adoptNode(early));
    try {
      expect(Object.prototype.hasOwnProperty.call(early, 'fileId')).to.equal(false);
      const message = await waitFor(
        () => early.shadowRoot && deepQueryAll(early.shadowRoot, '[role="alert"]').find((a) => a.textContent?.includes('No file to edit')),
        'the invalid file-id message',
      );
      expect(message).to.exist;
    } finally {
      early.remove();
    }
  });

  it('turns attributes into typed properties, and a removed attribute back into the default', () => {
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    const editor = document.createElement('vp-file-editor') as HTMLElement & { fileId?: unknown; theme?: unknown };
    try {
      editor.setAttribute('file-id', '42');
      expect(editor.fileId).to.equal(42);
      editor.fileId = '7';
      expect(editor.fileId).to.equal(7);
      editor.setAttribute('theme', 'dark');
      expect(editor.theme).to.equal('dark');
      editor.setAttribute('theme', 'purple');
      expect(editor.theme).to.equal(undefined);
      expect(warnings.at(-1)).to.contain('theme="purple" is not one of light, dark');
      editor.setAttribute('theme', 'light');
      editor.removeAttribute('theme');
      expect(editor.theme).to.equal(undefined);
    } finally {
      console.warn = warn;
    }
  });

  it('takes an apikey attribute as the key, removes it from the DOM at once and says to use the property', () => {
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const list = document.createElement('vp-file-list') as HTMLElement & { apiKey: string | null };
      list.setAttribute('apikey', 'attribute-key');
      expect(list.hasAttribute('apikey')).to.equal(false);
      expect(list.apiKey).to.equal('attribute-key');
      expect(configStore.getState().apiKey).to.equal('attribute-key');
      expect(warnings.join('\n')).to.contain('set the apiKey property instead');
    } finally {
      console.warn = warn;
    }
  });
});
