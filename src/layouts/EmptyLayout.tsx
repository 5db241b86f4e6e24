import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteFallback } from '../app/RouteFallback';

/** The empty layout: content only, no sidebar or top bar (registration succeeded, flat-deal offer). */
export default function EmptyLayout() {
  return (
    <div data-layout="empty">
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
