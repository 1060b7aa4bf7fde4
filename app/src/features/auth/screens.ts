import { lazyScreen } from '../../components/lazy-screen.ts';

// The feature's screens for the router (app.tsx imports them through index.ts). Every screen is
// its own chunk; `lazyScreen` can load a chunk again after a failure (issue 23).
export const LoginPage = lazyScreen(() => import('./login.page.tsx'));
export const RegisterPage = lazyScreen(() => import('./register.page.tsx'));
export const ResetPasswordPage = lazyScreen(() => import('./reset-password.page.tsx'));
export const TermsPage = lazyScreen(() => import('./terms.page.tsx'));
