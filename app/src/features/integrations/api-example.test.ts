import { describe, expect, it } from 'vitest';
import { exampleCall } from './api-example.ts';

const base = { origin: 'https://cards.example/', tokenPlaceholder: 'YOUR_TOKEN' };

describe('exampleCall (the Integrations screen’s example)', () => {
  it('reads the leads with a leads:read token, against this server, the token a placeholder', () => {
    expect(exampleCall({ ...base, scopes: ['leads:read', 'profiles:read'] })).toBe(
      'curl -H "Authorization: Bearer YOUR_TOKEN" https://cards.example/find/own/leads',
    );
  });

  it('calls what the chosen scopes reach, not a call the token would be refused', () => {
    expect(exampleCall({ ...base, scopes: ['cards:read'] })).toBe('curl -H "Authorization: Bearer YOUR_TOKEN" https://cards.example/find/own/cards');
    expect(exampleCall({ ...base, scopes: ['profiles:write', 'profiles:read'] })).toContain('/find/own/profiles/active');
    expect(exampleCall({ ...base, scopes: ['leads:write'] })).toBe(
      `curl -X POST -H "Authorization: Bearer YOUR_TOKEN" -H "Content-Type: application/json" -d '{"leadId":"LEAD_ID","status":"followedUp"}' https://cards.example/lead/update`,
    );
    expect(exampleCall({ ...base, scopes: ['profiles:write'] })).toContain(`-d '{"profileId":"PROFILE_ID"}' https://cards.example/profile/activate`);
  });

  it("reads the organisation's leads with an organisation's token, naming the organisation", () => {
    expect(exampleCall({ ...base, scopes: ['leads:read'], organisationId: 'Org42' })).toBe(
      'curl -H "Authorization: Bearer YOUR_TOKEN" "https://cards.example/find/own/organisation/leads?organisationId=Org42"',
    );
  });
});
