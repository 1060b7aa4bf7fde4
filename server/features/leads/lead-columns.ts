/** The profile's names beside a lead (its own first and last name are the lead's, issue 36), and the capture's event. */
export const LEAD_PROFILE_COLUMNS = [
  'profile.profileName',
  'profile.personalTitle',
  'profile.firstName as profileFirstName',
  'profile.lastName as profileLastName',
  'profile.companyName',
  'captureEvent.name as eventName',
] as const;
