import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { RouteFallback } from '../app/RouteFallback';

/** The default layout: plain, the page draws everything itself (sign-in, registration, 404, ...). */
export default function DefaultLayout({ children }: { children?: ReactNode }) {
  return (
    <div data-layout="default">
      <Suspense fallback={<RouteFallback />}>
        {children ?? <Outlet />}
      </Suspense>
    </div>
  );
}
