import { Spinner } from '@blueprintjs/core';

/** Shown while a route's code loads. */
export function RouteFallback() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spinner />
    </div>
  );
}
