import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar.tsx';
import { LoadingBlock } from './spinner.tsx';

/** Navigation bar above every app screen; a screen still loading keeps the bar in place. */
export function AppLayout() {
  return (
    <>
      <NavBar />
      <main className="page" id="main">
        <Suspense fallback={<LoadingBlock />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
