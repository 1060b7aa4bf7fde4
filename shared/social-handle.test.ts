import { describe, expect, it } from 'vitest';
import type { LinkType } from './schemas/link.schema.ts';
import { handleLinkProblem, linkFromHandle, linkHref, takesHandle } from './social-handle.ts';

describe('linkFromHandle (issue 23)', () => {
  it('builds the profile address from a user name or @handle for the networks that have them', () => {
    expect(linkFromHandle('instagram', '@ada.lovelace')).toBe('https://www.instagram.com/ada.lovelace');
    expect(linkFromHandle('github', ' octocat ')).toBe('https://github.com/octocat');
    expect(linkFromHandle('tiktok', '@ada')).toBe('https://www.tiktok.com/@ada');
    expect(linkFromHandle('youtube', 'ada')).toBe('https://www.youtube.com/@ada');
    expect(linkFromHandle('linkedin', 'ada-lovelace')).toBe('https://www.linkedin.com/in/ada-lovelace');
    expect(linkFromHandle('tumblr', 'ada')).toBe('https://ada.tumblr.com');
    expect(linkFromHandle('twitter', '@ada_l')).toBe('https://x.com/ada_l');
  });

  it('leaves addresses, domains, other types and odd values as typed', () => {
    expect(linkFromHandle('instagram', 'https://instagram.com/ada')).toBe('https://instagram.com/ada');
    expect(linkFromHandle('instagram', 'instagram.com/ada')).toBe('instagram.com/ada');
    expect(linkFromHandle('github', 'ada.dev')).toBe('ada.dev');
    expect(linkFromHandle('github', '@ada.dev')).toBe('https://github.com/ada.dev');
    expect(linkFromHandle('website', 'ada')).toBe('ada');
    expect(linkFromHandle('hardLink', '@ada')).toBe('@ada');
    expect(linkFromHandle('discord', 'ada')).toBe('ada');
    expect(linkFromHandle('tumblr', 'ada_l')).toBe('ada_l');
    expect(linkFromHandle('instagram', 'two words')).toBe('two words');
    expect(linkFromHandle('instagram', 'javascript:alert(1)')).toBe('javascript:alert(1)');
  });

  it('says which types take a user name', () => {
    expect(takesHandle('instagram')).toBe(true);
    expect(takesHandle('website')).toBe(false);
    expect(takesHandle('skype')).toBe(false);
  });
});

describe('network addresses of handles and paths (issue 35)', () => {
  it("makes a company's LinkedIn and Xing name its company page, a person's their profile", () => {
    expect(linkFromHandle('linkedin', 'acme', 'company')).toBe('https://www.linkedin.com/company/acme');
    expect(linkFromHandle('linkedin', 'ada-lovelace', 'person')).toBe('https://www.linkedin.com/in/ada-lovelace');
    expect(linkFromHandle('xing', 'acme', 'company')).toBe('https://www.xing.com/pages/acme');
    expect(linkFromHandle('xing', 'Ada_Lovelace')).toBe('https://www.xing.com/profile/Ada_Lovelace');
    // Networks without company pages give a company the same address as a person.
    expect(linkFromHandle('instagram', '@acme', 'company')).toBe('https://www.instagram.com/acme');
  });

  it('puts a path copied without the host on the network (never https://company/…)', () => {
    expect(linkFromHandle('linkedin', 'company/acme')).toBe('https://www.linkedin.com/company/acme');
    expect(linkFromHandle('linkedin', '/company/acme/')).toBe('https://www.linkedin.com/company/acme/');
    expect(linkFromHandle('linkedin', 'in/ada', 'company')).toBe('https://www.linkedin.com/in/ada');
    expect(linkFromHandle('youtube', 'channel/UCabc_12')).toBe('https://www.youtube.com/channel/UCabc_12');
    expect(linkFromHandle('tiktok', '@ada/video/123')).toBe('https://www.tiktok.com/@ada/video/123');
    expect(linkFromHandle('facebook', 'profile.php?id=100012')).toBe('https://www.facebook.com/profile.php?id=100012');
    expect(linkFromHandle('reddit', 'r/typescript')).toBe('https://www.reddit.com/r/typescript');
    expect(linkFromHandle('github', 'octocat/hello-world')).toBe('https://github.com/octocat/hello-world');
    expect(linkFromHandle('xing', 'pages/acme')).toBe('https://www.xing.com/pages/acme');
    expect(linkFromHandle('twitter', 'ada_l/status/1')).toBe('https://x.com/ada_l/status/1');
  });

  it('leaves a host with a path, a full address and a type without user names as typed', () => {
    expect(linkFromHandle('linkedin', 'linkedin.com/company/acme')).toBe('linkedin.com/company/acme');
    expect(linkFromHandle('linkedin', 'https://www.linkedin.com/company/acme')).toBe('https://www.linkedin.com/company/acme');
    expect(linkFromHandle('website', 'company/acme')).toBe('company/acme');
    expect(linkFromHandle('discord', 'invite/abc')).toBe('invite/abc');
  });

  it('gives every network an href on its own host for a name, a path and an address', () => {
    const cases: [LinkType, string, string][] = [
      ['linkedin', 'company/acme', 'https://www.linkedin.com/company/acme'],
      ['linkedin', 'linkedin.com/in/ada', 'https://linkedin.com/in/ada'],
      ['twitter', '@ada', 'https://x.com/ada'],
      ['instagram', 'ada', 'https://www.instagram.com/ada'],
      ['facebook', 'acme', 'https://www.facebook.com/acme'],
      ['tiktok', 'ada', 'https://www.tiktok.com/@ada'],
      ['youtube', '@ada', 'https://www.youtube.com/@ada'],
      ['github', 'octocat', 'https://github.com/octocat'],
      ['xing', 'profile/Ada_Lovelace', 'https://www.xing.com/profile/Ada_Lovelace'],
      ['tumblr', 'ada', 'https://ada.tumblr.com/'],
      ['snapchat', 'ada', 'https://www.snapchat.com/add/ada'],
    ];
    for (const [type, value, href] of cases) expect(linkHref(type, value), `${type} ${value}`).toBe(href);
    // What stored values became before issue 35 is mended on the way out.
    expect(linkHref('linkedin', 'company/acme')).not.toMatch(/^https:\/\/company\//);
    expect(linkHref('website', 'javascript:alert(1)')).toBeNull();
  });

  it('refuses what cannot become a web address with a real host, for networks only', () => {
    const refused: [LinkType, string][] = [
      ['linkedin', 'https://company/acme'],
      ['instagram', 'two words'],
      ['instagram', 'javascript:alert(1)'],
      ['facebook', 'mailto:ada@example.com'],
      ['tumblr', 'ada_l'],
      ['github', 'http://localhost:3000/x'],
    ];
    for (const [type, value] of refused)
      expect(handleLinkProblem(type, linkFromHandle(type, value)), `${type} ${value}`).toMatch(/user name or a full address/);
    const kept: [LinkType, string][] = [
      ['linkedin', 'company/acme'],
      ['github', 'ada.dev'],
      ['youtube', 'https://youtu.be/abc'],
      ['website', 'javascript:alert(1)'],
      ['skype', 'live:ada'],
    ];
    for (const [type, value] of kept) expect(handleLinkProblem(type, linkFromHandle(type, value)), `${type} ${value}`).toBeNull();
  });
});
