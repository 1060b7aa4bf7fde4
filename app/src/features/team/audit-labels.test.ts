import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Team area's audit log names every action in words (audit.section.tsx looks up
 * `audit_action.<action with its first dot as _>`, and shows the raw action when there is none).
 * This reads the actions the server writes into an organisation's audit log from its sources,
 * so a new action without a label in either language fails here instead of showing as code.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const auditWriters = ['server/features/organisations', 'server/features/scim', 'server/features/integrations'];

function writtenActions(): Set<string> {
  const actions = new Set<string>();
  for (const folder of auditWriters) {
    for (const file of readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(root, folder, file), 'utf8');
      for (const m of source.matchAll(/auditEntry\([^']*?'([a-z][a-z_-]*\.[a-z_-]+)'/g)) actions.add(m[1]);
      for (const m of source.matchAll(/\baction: '([a-z][a-z_-]*\.[a-z_-]+)'/g)) actions.add(m[1]);
      // Issue 33: other features' changes audited in their own transactions (auditWriter, auditOf, organisationAudit).
      for (const m of source.matchAll(/(?:auditWriter|auditOf|organisationAudit)\([^']*?'([a-z][a-z_-]*\.[a-z_-]+)'/g)) actions.add(m[1]);
    }
  }
  return actions;
}

describe('Team audit log labels', () => {
  const actions = writtenActions();

  it('finds the actions the server writes (the scan itself works)', () => {
    for (const known of [
      'organisation.create',
      'member.remove',
      'member.left',
      'member.join-scim',
      'invitation.company',
      'domain.verify',
      'domain.release',
      'scim-token.create',
      'webhook.rotate',
      'api-token.revoke',
    ])
      expect(actions).toContain(known);
  });

  it.each(['de', 'en'])('labels every written action in %s', (language) => {
    const labels = JSON.parse(readFileSync(path.join(root, 'locales', language, 'team.json'), 'utf8')).audit_action as Record<string, string>;
    const missing = [...actions].filter((action) => !labels[action.replace('.', '_')]);
    expect(missing).toEqual([]);
  });
});
