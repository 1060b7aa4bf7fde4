/** Team (issue 24): the organisation's members, invitations, templates and audit log, and the invitation's accept screen. */
// Only re-exports (app/build/feature-barrels.plugin.ts).
export { TeamPage, AcceptInvitationPage } from './screens.ts';
