import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionFor } from '../../src/app/session/session';
import { SessionContext } from '../../src/app/session/use-session';

// React warns unless it knows the test drives updates through act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Renders a hook in a real React root (jsdom) and exposes its latest return value, inside the default
 * API base's session (as an element would give it). `wrap` puts more providers around it. Every update goes through act(), so effects and state settle first.
 */
export function renderHook<P, R>(
  hook: (props: P) => R,
  initialProps: P,
  wrap: (children: ReactNode) => ReactNode = (children) => children,
) {
  const result = { current: undefined as R };
  function Probe({ props }: { props: P }) {
    result.current = hook(props);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const tree = (props: P) => <SessionContext.Provider value={sessionFor()}>{wrap(<Probe props={props} />)}</SessionContext.Provider>;
  act(() => root.render(tree(initialProps)));
  return {
    result,
    rerender: (props: P) => act(() => root.render(tree(props))),
    unmount: () => act(() => root.unmount()),
  };
}

/** Lets pending promises and the effects they trigger run. */
export const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
