import { Component, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { I18nContext, translator } from '../i18n/texts';
import { SHELL_TEXTS } from './texts';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the route), a caught error is forgotten and the children render again. */
  resetKey?: string;
  /** Ways out under the error text; `reset` renders the children again. */
  actions?: (reset: () => void) => ReactNode;
}

interface State {
  error: Error | null;
  componentStack: string;
}

/**
 * The error boundary: a red box with the heading 'Lỗi xảy ra!', the error text and a collapsible
 * component stack. Plain elements and inline styles, so it still renders when the failure is in the
 * theme or styling layer itself. Inside the panel it guards only the content area, so the shell (and
 * the `actions`: Reload, Go to Files) stay usable.
 */
export class ErrorBoundary extends Component<Props, State> {
  static override contextType = I18nContext;
  declare context: ContextType<typeof I18nContext>;
  override state: State = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.error('vp-admin-kit: a screen failed to render.', error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => this.setState({ error: null, componentStack: '' });

  override render() {
    const { error, componentStack } = this.state;
    if (!error) return this.props.children;
    const { t } = translator(SHELL_TEXTS, this.context);
    return (
      <div
        role="alert"
        style={{
          margin: 16,
          padding: 16,
          border: '1px solid #f5c2c7',
          borderRadius: 4,
          background: '#f8d7da',
          color: '#842029',
          fontFamily: 'inherit',
        }}
      >
        <h2 style={{ margin: '0 0 8px', fontSize: 20 }}>{t('errorHeading')}</h2>
        <p style={{ margin: '0 0 8px', whiteSpace: 'pre-wrap' }}>{error.message || String(error)}</p>
        <details>
          <summary style={{ cursor: 'pointer' }}>{t('componentStack')}</summary>
          <pre style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{componentStack}</pre>
        </details>
        {this.props.actions ? <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>{this.props.actions(this.reset)}</div> : null}
      </div>
    );
  }
}
