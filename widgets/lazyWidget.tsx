import { lazy, Suspense, type ComponentType } from 'react';
import { Classes, InputGroup } from '@blueprintjs/core';
import type { Widget, WidgetProps } from '@rjsf/utils';

/** What shows in the field's place while its code loads: an input of the same size, marked busy. */
function LoadingInput({ id }: WidgetProps) {
  return <InputGroup id={id} className={Classes.SKELETON} disabled aria-busy="true" />;
}

/**
 * A widget whose code is fetched the first time a form renders it, so heavy widgets (the virtualized lookup)
 * stay out of the chunks of pages that never show them.
 */
export function lazyWidget(load: () => Promise<{ default: ComponentType<WidgetProps> }>): Widget {
  const Lazy = lazy(load);
  function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<LoadingInput {...props} />}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}
