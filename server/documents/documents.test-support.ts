import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Link, LinkType } from '../../shared/schemas/link.schema.ts';
import type { Profile, ProfileTextField } from '../../shared/schemas/profile.schema.ts';

// A copy of the specification's shared/fixtures/full-profile.json kept in the repository, so the suites run
// on any checkout: every text field set, umlauts throughout, 20 links.
const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/full-profile.json', import.meta.url), 'utf8')) as {
  profile: Record<ProfileTextField, string>;
  links: Array<{ type: LinkType; name: string; link: string; sort: number }>;
};

/** A link row as the API answers it, from the few fields a test cares about. */
export function makeLink(fields: Pick<Link, 'type' | 'link' | 'name' | 'sort'>): Link {
  const id = `link${fields.sort}`;
  return {
    ...fields,
    id,
    socialMediaLinkId: id,
    cardProfileId: 'prof1',
    profileId: 'prof1',
    userProfileId: 'user1',
    created: 0,
    updated: 0,
    createdIso: '1970-01-01T00:00:00.000Z',
    updatedIso: '1970-01-01T00:00:00.000Z',
  };
}

/** The full fixture profile as the API answers it, with `overrides` applied. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'prof1',
    ...fixture.profile,
    profileImagePath: null,
    profileLogoPath: null,
    profileVcfPath: '',
    theme: 'light',
    accentColour: '',
    buttonShape: 'rounded',
    backgroundColour: '',
    backgroundImagePath: null,
    shortLinkId: 'jg1',
    profileViews: 0,
    isActive: true,
    isInUse: false,
    layout: 'default',
    type: 'DEFAULT',
    status: 'ACTIVE',
    userProfileId: 'user1',
    socialMediaLinks: fixture.links.map(makeLink),
    created: 0,
    updated: 0,
    createdIso: '1970-01-01T00:00:00.000Z',
    updatedIso: '1970-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Splits bytes at every CRLF, without decoding first (decoding would hide a split character). */
function physicalLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf('\r\n'); i !== -1; i = bytes.indexOf('\r\n', start)) {
    lines.push(bytes.subarray(start, i));
    start = i + 2;
  }
  lines.push(bytes.subarray(start));
  return lines;
}

/**
 * Checks the framing rules of both formats on the encoded bytes: CRLF after every line and
 * nowhere a bare CR or LF, no physical line over 75 octets, and every physical line valid
 * UTF-8 on its own (a character split by a fold fails the fatal decoder or decodes to U+FFFD).
 */
export function expectWellFormedLines(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = physicalLines(bytes);
  expect(lines.pop()?.length).toBe(0);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const line of lines) {
    expect(line.length).toBeLessThanOrEqual(75);
    const decoded = decoder.decode(line);
    expect(decoded).not.toMatch(/[\r\n\ufffd]/);
  }
}
