import { describe, expect, it } from 'vitest';
import { linkFromHandle, takesHandle } from './social-handle.ts';

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
