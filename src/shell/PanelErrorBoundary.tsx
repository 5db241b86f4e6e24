import { Component, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';

interface Props {
  /** What the fallback says (translated by the caller). */
  title: string;
  /** The reload button's text; a failed page chunk (a new deployment) loads after a reload. */
  reloadText?: string;
  children: ReactNode;
}

/** Keeps one broken panel or page from blanking the whole shell: an in-place message instead. */
export class PanelErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.error) {
      const { title, reloadText } = this.props;
      const action = reloadText ? <Button onClick={() => window.location.reload()}>{reloadText}</Button> : undefined;
      return <NonIdealState icon={<ErrorIcon size={48} />} title={title} action={action} />;
    }
    return this.props.children;
  }
}
