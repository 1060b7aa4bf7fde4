import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

describe('shareLinks (issue 23)', () => {
  it('gives the page, the shared link and the QR code each its own source, and the short /l/ address', () => {
    expect(shareLinks('https://cards.example/', { id: 'Ab3', shortLinkId: 'ada' })).toEqual({
      page: 'https://cards.example/p/Ab3',
      shared: 'https://cards.example/p/Ab3?src=share',
      qr: 'https://cards.example/p/Ab3?src=shareqr',
      linkInBio: 'https://cards.example/l/ada',
    });
  });
  it('has no link-in-bio address without a short link', () => {
    expect(shareLinks('https://cards.example', { id: 'Ab3', shortLinkId: '' }).linkInBio).toBeNull();
  });
});
