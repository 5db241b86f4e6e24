import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Classes, InputGroup } from '@blueprintjs/core';
import type { Widget, WidgetProps } from '@rjsf/utils';

/** What shows in the field's place while its code loads: an input of the same size, marked busy. */
function LoadingInput({ id }: WidgetProps) {
  return <InputGroup id={id} className={Classes.SKELETON} disabled aria-busy="true" />;
}

type WidgetModule = { default: ComponentType<WidgetProps> };

/**
 * A widget whose code is fetched the first time a form renders it (or `preload()` asks for it), so heavy
 * widgets (the virtualized lookup) stay out of the chunks of pages that never show them. Once loaded it renders
 * directly: suspending again would cost React's 300 ms reveal throttle for every form that uses it.
 */
export function lazyWidget(load: () => Promise<WidgetModule>): Widget & { preload: () => Promise<WidgetModule> } {
  let loaded: ComponentType<WidgetProps> | undefined;
  let loading: Promise<WidgetModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyWidget(props: WidgetProps) {
    // Decided once per field: switching from the lazy path to the direct one later would remount the widget
    // and lose what it holds (typed search text, a captcha challenge).
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={<LoadingInput {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWidget, { preload });
}
