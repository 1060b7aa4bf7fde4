/** The account: the Security screen (sessions, two-factor sign-in, passkeys, e-mail address, export, deletion) and the password change. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { ChangePasswordPage, SecurityPage } from './screens.ts';
