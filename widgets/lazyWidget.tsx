import { Component, lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { Button, Callout, Classes, InputGroup } from '@blueprintjs/core';
import type { Widget, WidgetProps } from '@rjsf/utils';
import { loadChunk } from '../engine/state/chunkLoad';
import { useTexts } from '../engine/i18n/TranslatorContext';

/** What shows in the field's place while its code loads: an input of the same size, marked busy. */
function LoadingInput({ id }: WidgetProps) {
  return <InputGroup id={id} className={Classes.SKELETON} disabled aria-busy="true" />;
}

const TEXTS = {
  'widget.loadFailed': 'This field could not be loaded. What you typed elsewhere is kept; reload to try again.',
  'widget.reload': 'Reload',
} as const;

/** In the field's place when its code did not arrive (a lost connection, a new deployment): the rest of the form stays. */
function FailedWidget({ id }: { id: string }) {
  const t = useTexts(TEXTS);
  return (
    <Callout id={id} intent="danger" compact role="alert">
      {t('widget.loadFailed')}{' '}
      <Button size="small" variant="minimal" intent="danger" onClick={() => window.location.reload()}>
        {t('widget.reload')}
      </Button>
    </Callout>
  );
}

/** Keeps a field whose chunk failed from taking the whole form (and what the user typed in it) down. */
class WidgetBoundary extends Component<{ id: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <FailedWidget id={this.props.id} /> : this.props.children;
  }
}

type WidgetModule = { default: ComponentType<WidgetProps> };

/**
 * A component whose code is fetched the first time it renders (or `preload()` asks for it). Once loaded it renders
 * directly: suspending again would cost React's 300 ms reveal throttle for every form that uses it. Until then it
 * draws `fallback`; when the code does not arrive (or takes over two minutes), it says so in place and offers a
 * reload, and the rest of the form stays.
 */
function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: (props: P) => ReactNode, idOf: (props: P) => string) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= loadChunk(load)().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyPart(props: P) {
    // Decided once per field: switching from the lazy path to the direct one later would remount the part
    // and lose what it holds (typed search text, a captcha challenge).
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <WidgetBoundary id={idOf(props)}>
        <Suspense fallback={fallback(props)}>
          <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </WidgetBoundary>
    );
  }
  return Object.assign(LazyPart, { preload });
}

/**
 * A widget whose code is fetched the first time a form renders it (or `preload()` asks for it), so heavy
 * widgets (the virtualized lookup) stay out of the chunks of pages that never show them; a skeleton input stands
 * in while it loads.
 */
export function lazyWidget(load: () => Promise<WidgetModule>): Widget & { preload: () => Promise<WidgetModule> } {
  return lazyPart<WidgetProps>(load, (props) => <LoadingInput {...props} />, (props) => props.id);
}

/**
 * A template of RJSF's own fields (objects in sections, item lists) whose code loads with the first form RJSF draws,
 * not with the sign-in page, whose flat form never uses it (engine/form/FlatSchemaForm.tsx). `preloadWidgets` fetches
 * it with the schema of a form that needs it, so the form draws at once; until it is there the part draws nothing.
 */
export function lazyTemplate<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  return lazyPart<P>(() => load().then((component) => ({ default: component })), () => null, () => '');
}
