import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (and MUI's Dialog) downloads the first time it opens, not with the screen
 * that offers it: a screen that is only looked at never pays for its dialogs. Once opened it stays
 * mounted, so it closes with its transition. `isOpen` tells from the props whether it is asked for.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [asked, setAsked] = useState(false);
    if (isOpen(props) && !asked) setAsked(true);
    if (!asked) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
