import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AuthProvider, LoginPage, RegisterPage, RequireAuth, ResetPasswordPage, TermsPage } from './features/auth/index.ts';
import { lazyScreen } from './components/lazy-screen.ts';
import { ScreenBoundary } from './components/screen-error.tsx';
import { readToken } from './lib/token-storage.ts';
import { installHistoryGuard } from './lib/history-guard.ts';
import { PageSpinner } from './components/spinner.tsx';
import { ScrollToTop } from './components/scroll-to-top.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import { ChangePasswordPage, SecurityPage } from './features/account/index.ts';
import { OverviewPage } from './features/overview/index.ts';
import { EditProfilePage, ProfilePreviewPage } from './features/profiles/index.ts';
import { CardPreviewPage, MyCardPage, RegisterCardPage } from './features/cards/index.ts';
import { LeadsPage } from './features/leads/index.ts';
import { CapturePage, FollowUpSettingsPage } from './features/capture/index.ts';
import { ProfileStatsPage } from './features/stats/index.ts';
import { SignaturePage } from './features/share/index.ts';
import { IntegrationsPage } from './features/integrations/index.ts';
import { ConsolePage } from './features/operator/index.ts';
import { AcceptInvitationPage, TeamPage } from './features/team/index.ts';

// Every screen is its own chunk (the features' screens in their screens.ts); `lazyScreen` can load
// a chunk again after a failure (issue 23).
const NotFoundPage = lazyScreen(() => import('./shell/not-found.page.tsx'));
// SPEC 1's toasts, with react-toastify in their own chunk (issue 22).
const Toasts = lazy(() => import('./components/toasts.tsx'));

// Issue 35: Back and Forward can be held by a screen with unsaved work; the guard's listener must
// come before the router's, so it is added before the router mounts.
installHistoryGuard();

// A signed-in visit needs the owner data cache for its first screen: asked for at once, beside the
// session, instead of after it (issue 22: the sign-in path itself never loads it).
if (readToken()) void import('./lib/owner-queries.tsx').catch(() => undefined);

/** The owner app: SPEC 2's route table, each screen loaded when first visited. */
export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AuthProvider>
        <ScreenBoundary resetKey="app" standalone>
          <Suspense fallback={<PageSpinner />}>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/register" element={<RegisterPage />} />
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                <Route path="/terms" element={<TermsPage />} />
                <Route element={<RequireAuth />}>
                  <Route index element={<OverviewPage />} />
                  <Route path="/change-password" element={<ChangePasswordPage />} />
                  <Route path="/security" element={<SecurityPage />} />
                  <Route path="/integrations" element={<IntegrationsPage />} />
                  <Route path="/console" element={<ConsolePage />} />
                  <Route path="/team" element={<TeamPage />} />
                  <Route path="/team/accept" element={<AcceptInvitationPage />} />
                  <Route path="/register-card" element={<RegisterCardPage />} />
                  <Route path="/profile/:id" element={<EditProfilePage />} />
                  <Route path="/profile/:id/stats" element={<ProfileStatsPage />} />
                  <Route path="/profile/:id/signature" element={<SignaturePage />} />
                  <Route path="/my-card/:id" element={<MyCardPage />} />
                  <Route path="/leads" element={<LeadsPage />} />
                  <Route path="/capture" element={<CapturePage />} />
                  <Route path="/capture/settings" element={<FollowUpSettingsPage />} />
                </Route>
                <Route path="*" element={<NotFoundPage />} />
              </Route>
              {/* Previews are the public page itself, without the app's navigation bar. */}
              <Route element={<RequireAuth />}>
                <Route path="/profile/:id/preview" element={<ProfilePreviewPage />} />
                <Route path="/card/:id/preview" element={<CardPreviewPage />} />
              </Route>
            </Routes>
          </Suspense>
        </ScreenBoundary>
        <Suspense>
          <Toasts />
        </Suspense>
      </AuthProvider>
    </BrowserRouter>
  );
}
