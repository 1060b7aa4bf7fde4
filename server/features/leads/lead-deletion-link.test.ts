import { describe, expect, it } from 'vitest';
import { createLeadDeletionLinks } from './lead-deletion-link.ts';

// The signed token of the visitor's deletion link, beside the code (issue 21); the call itself,
// GET|POST /delete/lead, is test/api/leads.test.ts.

describe('lead deletion links (the visitor’s link in the contact mail)', () => {
  it('verifies its own token to the lead id, and nothing tampered, foreign or overlong', async () => {
    const links = createLeadDeletionLinks('x'.repeat(32));
    const token = await links.sign('lead123');
    expect(await links.verify(token)).toBe('lead123');
    const [head, body, signature] = token.split('.');
    const tampered = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await links.verify(`${head}.${body}.${tampered}`)).toBeNull();
    expect(await links.verify(`${head}.${body.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'))}.${signature}`)).toBeNull();
    expect(await createLeadDeletionLinks('y'.repeat(32)).verify(token)).toBeNull();
    expect(await links.verify('a'.repeat(1001))).toBeNull();
    expect(await links.verify('not-a-token')).toBeNull();
  });
});
