import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath (after a company sign-in)', () => {
  it('keeps a path of this app with its query and fragment', () => {
    expect(returnPath('/integrations')).toBe('/integrations');
    expect(returnPath('/team?tab=scim#tokens')).toBe('/team?tab=scim#tokens');
  });

  it('sends anything that could leave the site to the overview', () => {
    for (const to of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'integrations', '/\u0000x'])
      expect(returnPath(to), String(to)).toBe('/');
  });
});
