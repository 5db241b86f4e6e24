import { Component, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';
import { isChunkLoadError } from '../../engine/state/chunkLoad';

interface Props {
  /** What the fallback says (translated by the caller). */
  title: string;
  /** The reload button's text; a failed page chunk (a new deployment) loads after a reload. */
  reloadText?: string;
  /** When this changes (the path, say), a shown failure is forgotten and the children render again. */
  resetKey?: unknown;
  children: ReactNode;
}

/** A part whose code did not arrive: said as such, with a reload that fetches the current files. */
function ChunkFailed() {
  const intl = useIntl();
  const action = <Button onClick={() => window.location.reload()}>{intl.formatMessage({ id: 'shell.banner.reload' })}</Button>;
  return <NonIdealState icon={<ErrorIcon size={48} />} title={intl.formatMessage({ id: 'app.chunkFailed' })} action={action} />;
}

/**
 * Keeps one broken panel or page from blanking the whole shell: an in-place message instead. A chunk that failed
 * to load (ChunkLoadError, CSS_CHUNK_LOAD_FAILED) always offers a reload, whatever the caller's texts.
 */
export class PanelErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isChunkLoadError(error)) return <ChunkFailed />;
    const { title, reloadText } = this.props;
    const action = reloadText ? <Button onClick={() => window.location.reload()}>{reloadText}</Button> : undefined;
    return <NonIdealState icon={<ErrorIcon size={48} />} title={title} action={action} />;
  }
}
