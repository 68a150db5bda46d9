// An integrator's React 19 page: plain JSX props, no refs. React 19 sets a prop as a property when
// the element has it (`apiKey`), and `onvp-file-saved` adds a listener for `vp-file-saved`.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type {} from '../../../src/index';

declare global {
  interface Window {
    host: { apiKey: string; fileId: number; clicks: number };
  }
}

function App() {
  const { apiKey, fileId } = window.host;
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <main>
      <h1>React host</h1>
      <p role="status">{saved === null ? 'Nothing saved yet' : `Saved: ${saved}`}</p>
      <vp-file-editor
        apiKey={apiKey}
        file-id={fileId}
        className="host-editor"
        title="Video editor"
        hidden={false}
        onClick={() => void window.host.clicks++}
        onvp-file-saved={(event) => setSaved(event.detail.file.file_title)}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<App />);

/** Compile-time checks of the JSX typings (type-checked with the project, never rendered). */
export function typingChecks() {
  return [
    <vp-admin-panel key="panel" routing="hash" slot="main" onvp-navigate={(event) => event.detail.path.toUpperCase()} />,
    <vp-file-list key="list" url-state="memory" theme="dark" onvp-file-open={(event) => event.preventDefault()} />,
    // @ts-expect-error theme is 'light' or 'dark'
    <vp-file-list key="bad-theme" theme="purple" />,
    <vp-file-editor key="text-id" file-id="42" />,
    // @ts-expect-error url-state is 'query' or 'memory'
    <vp-file-list key="bad-state" url-state="session" />,
    // @ts-expect-error file-id is a number
    <vp-file-editor key="bad-id" file-id="forty-two" />,
    // @ts-expect-error the detail of vp-file-open has no path
    <vp-file-list key="bad-detail" onvp-file-open={(event) => event.detail.path} />,
  ];
}
