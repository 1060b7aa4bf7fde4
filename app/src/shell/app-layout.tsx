import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ScreenBoundary } from '../components/screen-error.tsx';
import { LoadingBlock } from '../components/spinner.tsx';
import { NavBar } from './nav-bar.tsx';

/**
 * Navigation bar above every app screen; a screen still loading keeps the bar in place, and a
 * screen that failed (its chunk or its call) shows "try again" below it (issue 23).
 */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <NavBar />
      <main className="page" id="main">
        <ScreenBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingBlock />}>
            <Outlet />
          </Suspense>
        </ScreenBoundary>
      </main>
    </>
  );
}
