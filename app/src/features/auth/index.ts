/** Sign-in: login, sign-up, password reset, the terms, the session (auth context, guard) and the better-auth and passkey clients. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { AuthProvider, useAuth } from './auth.context.tsx';
export { RequireAuth, type FromState } from './require-auth.guard.tsx';
export { LoginPage, RegisterPage, ResetPasswordPage, TermsPage } from './screens.ts';
export { authClient, type SessionUser, type TwoFactorSetup } from './auth-client.ts';
export { updatePasswordErrorKey, type UpdatePasswordErrorKey } from './auth-error-messages.ts';
export { passkeyClient, type Passkey } from './passkey-client.ts';
export { PasskeyError } from './passkey-error.ts';
export { needsRecentLogin, SignInAgainAlert } from './sign-in-again.tsx';
export { acceptInvitationPath, clearPendingInvitation, readPendingInvitation } from './pending-invitation.ts';
