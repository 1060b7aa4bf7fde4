import { crmSuite } from '../support/crm-suite.ts';
import { startSalesforceStandIn } from '../support/crm-standins.ts';

/**
 * Issue 37 with Salesforce (docs/integrations.md "CRM"): jsforce pointed at the stand-in by
 * SALESFORCE_AUTH_URL (the login URL) and SALESFORCE_BASE_URL; Leads matched by Email, created and
 * updated in sObject Collections calls, the OwnerId from the member's User. SQLite and PostgreSQL.
 */
crmSuite({
  provider: 'salesforce',
  start: startSalesforceStandIn,
  env: (s) => ({ SALESFORCE_CLIENT_ID: s.clientId, SALESFORCE_CLIENT_SECRET: s.clientSecret, SALESFORCE_BASE_URL: s.url, SALESFORCE_AUTH_URL: s.url }),
  field: (record, field) => record[{ firstName: 'FirstName', lastName: 'LastName', company: 'Company', note: 'Description', owner: 'OwnerId' }[field]],
});
