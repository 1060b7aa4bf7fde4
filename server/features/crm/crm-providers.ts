import type { CrmConfig } from '../../config-crm.ts';
import type { CrmProvider } from '../../../shared/schemas/crm.schema.ts';
import type { CrmProviderClient } from './crm-provider.ts';
import { hubspotProvider } from './crm-hubspot.ts';
import { salesforceProvider } from './crm-salesforce.ts';
import { pipedriveProvider } from './crm-pipedrive.ts';

/** The providers this server offers: those with a client id and secret (server/config-crm.ts). */
export function crmProviders(config: CrmConfig, redirectUri: string): Partial<Record<CrmProvider, CrmProviderClient>> {
  const providers: Partial<Record<CrmProvider, CrmProviderClient>> = {};
  if (config.hubspot) providers.hubspot = hubspotProvider(config.hubspot, redirectUri);
  if (config.salesforce) providers.salesforce = salesforceProvider(config.salesforce, redirectUri);
  if (config.pipedrive) providers.pipedrive = pipedriveProvider(config.pipedrive, redirectUri);
  return providers;
}
