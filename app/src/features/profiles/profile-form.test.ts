import { describe, expect, it } from 'vitest';
import type { Link } from '../../../../shared/schemas/link.schema.ts';
import {
  checkShortLinkId,
  draftsFromLinks,
  emptyFields,
  hasUnsavedChanges,
  DEFAULT_LOOK,
  lookChanged,
  lookFromProfile,
  linkInBioUrl,
  linksToSave,
  newLinkDraft,
  orderedLinks,
  savedLinksInOrder,
  type LinkDraft,
} from './profile-form.ts';

function link(id: string, sort: number, overrides: Partial<Link> = {}): Link {
  return {
    id,
    socialMediaLinkId: id,
    link: `https://example.com/${id}`,
    name: id,
    type: 'website',
    sort,
    cardProfileId: 'p1',
    profileId: 'p1',
    userProfileId: 'u1',
    created: 0,
    updated: 0,
    createdIso: '',
    updatedIso: '',
    ...overrides,
  };
}

/** Drafts by id, whatever order draftsFromLinks put them in. */
const byId = (links: Link[]) => Object.fromEntries(draftsFromLinks(links).map((d) => [d.id, d]));

const draft = (type: LinkDraft['type'], value: string, name = ''): LinkDraft => ({ ...newLinkDraft(type), link: value, name });

describe('linksToSave (SPEC 5)', () => {
  it('sends only new links that have a value, in their place', () => {
    expect(linksToSave([draft('website', ' a.example '), draft('website', '   '), draft('github', 'github.com/x', 'Code')])).toEqual([
      { type: 'website', link: 'a.example', name: '' },
      { type: 'github', link: 'github.com/x', name: 'Code' },
    ]);
  });

  it('sends saved links by id as they are on screen, in the screen order', () => {
    const [a, b] = draftsFromLinks([link('a', 1), link('b', 2)]);
    expect(
      linksToSave([
        { ...b, name: 'Blog' },
        { ...a, link: 'https://new.example' },
      ]),
    ).toEqual([
      { socialMediaLinkId: 'b', type: 'website', link: 'https://example.com/b', name: 'Blog' },
      { socialMediaLinkId: 'a', type: 'website', link: 'https://new.example', name: 'a' },
    ]);
  });

  it('keeps what is stored for a saved link whose value was emptied', () => {
    const [c] = draftsFromLinks([link('c', 1)]);
    expect(linksToSave([{ ...c, link: ' ', name: 'Changed', type: 'other' }])).toEqual([
      { socialMediaLinkId: 'c', type: 'website', link: 'https://example.com/c', name: 'c' },
    ]);
  });
});

describe('reordering (SPEC 4)', () => {
  it('lists web links first, then social links, each in its own order', () => {
    const { w1, w2, s1 } = byId([link('w1', 1), link('w2', 3), link('s1', 2, { type: 'github' })]);
    expect(orderedLinks([w2, w1], [s1]).map((d) => d.id)).toEqual(['w2', 'w1', 's1']);
  });

  it('saves a reorder as the stored links in the new order, leaving out rows not saved yet', () => {
    const { a, b } = byId([link('a', 1), link('b', 2)]);
    expect(savedLinksInOrder([b, draft('website', 'x'), { ...a, name: 'typed, not saved yet' }])).toEqual([
      { socialMediaLinkId: 'b', type: 'website', link: 'https://example.com/b', name: 'b' },
      { socialMediaLinkId: 'a', type: 'website', link: 'https://example.com/a', name: 'a' },
    ]);
  });

  it('loads links in their saved order', () => {
    expect(draftsFromLinks([link('b', 2), link('a', 1), link('c', 3)]).map((d) => d.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('checkShortLinkId (SPEC 5)', () => {
  it('refuses the current id as the old id', () => {
    expect(checkShortLinkId('abc123', 'abc123')).toBe('short_link_old_id');
    expect(checkShortLinkId('abc123', ' abc123 ')).toBe('short_link_old_id');
  });

  it('refuses anything but letters and digits', () => {
    for (const value of ['my-name', 'my name', 'näme', 'a_b', 'x/y', '']) expect(checkShortLinkId('abc', value)).toBe('short_link_invalid');
  });

  it('accepts a new id of letters and digits', () => {
    expect(checkShortLinkId('abc', 'JaneDoe2026')).toBeNull();
  });
});

describe('linkInBioUrl (SPEC 9)', () => {
  it('is the public host plus the short /l/{shortLinkId}', () => {
    expect(linkInBioUrl('https://cards.example/', 'JaneDoe')).toBe('https://cards.example/l/JaneDoe');
    expect(linkInBioUrl('https://cards.example', 'JaneDoe')).toBe('https://cards.example/l/JaneDoe');
  });
});

describe('hasUnsavedChanges (issue 23)', () => {
  const saved = draftsFromLinks([{ id: 'l1', socialMediaLinkId: 'l1', type: 'website', link: 'https://a.example', name: 'A', sort: 1 } as never]);
  it('is false for the state the editor started from, and for an emptied saved link (Save keeps it)', () => {
    expect(hasUnsavedChanges(emptyFields(), emptyFields(), saved)).toBe(false);
    expect(hasUnsavedChanges(emptyFields(), emptyFields(), [{ ...saved[0]!, link: '' }])).toBe(false);
    expect(hasUnsavedChanges(emptyFields(), emptyFields(), [newLinkDraft('github')])).toBe(false);
  });
  it('is true for a changed field, a changed saved link and a new link with a value', () => {
    expect(hasUnsavedChanges(emptyFields(), { ...emptyFields(), jobTitle: 'x' }, saved)).toBe(true);
    expect(hasUnsavedChanges(emptyFields(), emptyFields(), [{ ...saved[0]!, name: 'B' }])).toBe(true);
    expect(hasUnsavedChanges(emptyFields(), emptyFields(), [{ ...newLinkDraft('github'), link: 'https://github.com/x' }])).toBe(true);
  });
});

describe('the look of the pages (issue 26)', () => {
  it('starts a new profile with the look of before issue 26 and counts a changed look as unsaved', () => {
    expect(lookFromProfile(null)).toEqual({ theme: 'light', accentColour: '', buttonShape: 'rounded', backgroundColour: '' });
    expect(lookChanged(DEFAULT_LOOK, { ...DEFAULT_LOOK })).toBe(false);
    expect(lookChanged(DEFAULT_LOOK, { ...DEFAULT_LOOK, theme: 'system' })).toBe(true);
    expect(lookChanged(DEFAULT_LOOK, { ...DEFAULT_LOOK, accentColour: '#0f766e' })).toBe(true);
  });
});
