import { expect } from '@esm-bundle/chai';
import { button, waitFor } from './helpers';

/** The element's toast stack (notistack) in Chromium: time-outs, pause on hover, close, the cap of five, drag to dismiss. */

describe('toasts', () => {
  let shadow: ShadowRoot;
  let unmount: () => void;

  before(async () => {
    const { createElement } = await import('react');
    const { createRoot } = await import('react-dom/client');
    const { KitRoot } = await import('../../src/app/shell/kit-root');
    const { sessionFor } = await import('../../src/app/session/session');
    const { historyGuard } = await import('../../src/app/shell/history-guard');
    const { useNotify } = await import('../../src/app/shell/notify');
    const { Dialog } = await import('@mui/material');
    const { useState } = await import('react');
    const host = document.createElement('div');
    document.body.append(host);
    shadow = host.attachShadow({ mode: 'open' });
    let n = 0;
    function Toaster() {
      const quick = useNotify({ autoHideDuration: 400 });
      const slow = useNotify();
      const [dialogOpen, setDialogOpen] = useState(false);
      return createElement('div', null, [
        createElement('button', { key: 'q', onClick: () => quick.success(`Quick ${++n}`) }, 'Quick'),
        createElement('button', { key: 's', onClick: () => slow.error('Slow failure') }, 'Slow'),
        createElement('button', { key: 'd', onClick: () => setDialogOpen(true) }, 'Dialog'),
        createElement(
          Dialog,
          { key: 'dialog', open: dialogOpen, onClose: () => setDialogOpen(false), 'aria-label': 'A dialog' },
          createElement('button', { onClick: () => slow.success('Raised by the dialog') }, 'Raise'),
          createElement('button', { onClick: () => setDialogOpen(false) }, 'Done'),
        ),
      ]);
    }
    const reactRoot = createRoot(shadow);
    reactRoot.render(createElement(KitRoot, { container: shadow, session: sessionFor(), historyGuard, children: createElement(Toaster) }));
    await waitFor(() => button(shadow, 'Quick'), 'the toaster');
    unmount = () => {
      reactRoot.unmount();
      host.remove();
    };
  });

  after(() => unmount());

  const toasts = () => [...shadow.querySelectorAll<HTMLElement>('[data-vp-toast]')];

  it('closes after its time, but not while hovered', async () => {
    button(shadow, 'Quick')!.click();
    const toast = await waitFor(() => toasts()[0], 'the toast');
    toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    toast.dispatchEvent(new MouseEvent('mouseenter'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(toast.isConnected).to.equal(true);
    toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true }));
    toast.dispatchEvent(new MouseEvent('mouseleave'));
    await waitFor(() => !toast.isConnected, 'the toast to close after the pointer left', 2000);
  });

  it('an error is an alert with a close button; at most five at once, the oldest goes first', async () => {
    button(shadow, 'Slow')!.click();
    const failure = await waitFor(() => toasts().find((t) => t.textContent?.includes('Slow failure')), 'the error toast');
    expect(failure.getAttribute('role')).to.equal('alert');
    for (let i = 0; i < 5; i++) button(shadow, 'Quick')!.click();
    await waitFor(() => toasts().length === 5 && !failure.isConnected, 'five toasts, the error pushed out');
    (failure.isConnected ? failure : toasts()[0]!).querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
    await waitFor(() => toasts().length <= 4, 'one closed');
  });

  it('a drag past 80 % of its width dismisses it', async () => {
    await waitFor(() => toasts().length === 0, 'the earlier toasts to time out', 3000);
    button(shadow, 'Slow')!.click();
    const toast = await waitFor(() => toasts()[0], 'the toast');
    const { left, width, top } = toast.getBoundingClientRect();
    const at = (x: number) => ({ bubbles: true, clientX: x, clientY: top + 5, pointerId: 1 });
    toast.dispatchEvent(new PointerEvent('pointerdown', at(left + 10)));
    toast.dispatchEvent(new PointerEvent('pointermove', at(left + 10 + width * 0.5)));
    toast.dispatchEvent(new PointerEvent('pointerup', at(left + 10 + width * 0.5)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toast.isConnected, 'half a width is not enough').to.equal(true);
    toast.dispatchEvent(new PointerEvent('pointerdown', at(left + 10)));
    toast.dispatchEvent(new PointerEvent('pointermove', at(left + 10 + width * 0.9)));
    toast.dispatchEvent(new PointerEvent('pointerup', at(left + 10 + width * 0.9)));
    await waitFor(() => !toast.isConnected, 'the dragged toast to go');
  });

  it('stays perceivable while a dialog is open: its toasts are announced, its buttons not in a hidden tree', async () => {
    await waitFor(() => toasts().length === 0, 'the earlier toasts to go', 5000);
    button(shadow, 'Slow')!.click();
    await waitFor(() => toasts()[0], 'a toast before the dialog');
    button(shadow, 'Dialog')!.click();
    (await waitFor(() => button(shadow, 'Raise'), 'the dialog')).click();
    const raised = await waitFor(
      () => toasts().find((t) => t.textContent?.includes('Raised by the dialog')),
      'the toast the dialog raised',
    );
    // MUI's Modal hid its siblings (aria-hidden) when it opened: the stack must not be one of them.
    const stacks = [...shadow.querySelectorAll('.notistack-SnackbarContainer')];
    expect(stacks.length).to.be.greaterThan(0);
    expect(
      stacks.filter((stack) => stack.closest('[aria-hidden="true"]')).length,
      'toast stacks hidden from assistive technology',
    ).to.equal(0);
    expect(raised.closest('[role="status"], [role="alert"]') ?? raised.querySelector('[role="status"], [role="alert"]')).to.not.equal(null);
    button(shadow, 'Done')!.click();
  });
});
