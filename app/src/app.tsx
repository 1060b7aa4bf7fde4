import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify/unstyled';
import { useTranslation } from 'react-i18next';
import { AuthProvider } from './auth/auth.context.tsx';
import { RequireAuth } from './auth/require-auth.guard.tsx';
import { AppLayout } from './components/app-layout.tsx';
import { PageSpinner } from './components/spinner.tsx';
import { ScrollToTop } from './components/scroll-to-top.tsx';

const LoginPage = lazy(() => import('./pages/login.page.tsx'));
const RegisterPage = lazy(() => import('./pages/register.page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.page.tsx'));
const TermsPage = lazy(() => import('./pages/terms.page.tsx'));
const ChangePasswordPage = lazy(() => import('./pages/change-password.page.tsx'));
const OverviewPage = lazy(() => import('./pages/overview.page.tsx'));
const EditProfilePage = lazy(() => import('./pages/edit-profile.page.tsx'));
const ProfilePreviewPage = lazy(() => import('./pages/profile-preview.page.tsx'));
const CardPreviewPage = lazy(() => import('./pages/card-preview.page.tsx'));
const MyCardPage = lazy(() => import('./pages/my-card.page.tsx'));
const RegisterCardPage = lazy(() => import('./pages/register-card.page.tsx'));
const LeadsPage = lazy(() => import('./pages/leads.page.tsx'));
const SecurityPage = lazy(() => import('./pages/security.page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found.page.tsx'));
const ProfileStatsPage = lazy(() => import('./pages/profile-stats.page.tsx'));

/** One client for the app: owner data changes only through this app, so a minute of staleness is fine. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && ((error as { status?: number }).status ?? 0) >= 500,
    },
  },
});

/** SPEC 1: toasts bottom-right, dark, closing after 3000 ms, without a progress bar. */
function Toasts() {
  const { t, ready } = useTranslation('molecules', { useSuspense: false });
  return <ToastContainer position="bottom-right" theme="dark" autoClose={3000} hideProgressBar aria-label={ready ? t('notifications') : undefined} />;
}

/** The owner app: SPEC 2's route table, each screen loaded when first visited. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <AuthProvider>
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
                  <Route path="/register-card" element={<RegisterCardPage />} />
                  <Route path="/profile/:id" element={<EditProfilePage />} />
                  <Route path="/profile/:id/stats" element={<ProfileStatsPage />} />
                  <Route path="/my-card/:id" element={<MyCardPage />} />
                  <Route path="/leads" element={<LeadsPage />} />
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
          <Toasts />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
