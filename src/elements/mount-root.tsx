import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { RootBaseProps } from './describe';
import type { MountedRoot } from './kit-element';

/** Mounts a React root in an element's shadow root; loaded with the element's code, never by the entry. */
export function mountable<P extends RootBaseProps>(Root: ComponentType<P>): (container: ShadowRoot) => MountedRoot {
  return (container) => {
    const root = createRoot(container);
    return {
      render: (props) => root.render(<Root {...(props as P)} />),
      unmount: () => root.unmount(),
    };
  };
}
