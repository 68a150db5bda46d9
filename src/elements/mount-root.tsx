import { startTransition, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import type { RootBaseProps } from './describe';
import type { MountedRoot } from './kit-element';

/** Mounts a React root in an element's shadow root; loaded with the element's code, never by the entry. */
export function mountable<P extends RootBaseProps>(Root: ComponentType<P>): (container: ShadowRoot) => MountedRoot {
  return (container) => {
    const root = createRoot(container);
    let mounted = false;
    return {
      render: (props) => {
        const tree = <Root {...(props as P)} />;
        if (mounted) return root.render(tree);
        mounted = true;
        // The first render as a transition: React renders it in slices of a few milliseconds instead
        // of one long task (a default-priority render is never sliced), so a slow phone stays responsive.
        startTransition(() => root.render(tree));
      },
      unmount: () => root.unmount(),
    };
  };
}
