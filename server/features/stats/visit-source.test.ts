import { describe, expect, it } from 'vitest';
import { cardScanSource, parseCardId, parseSource, profileVisit, profileVisitQuery } from './visit-source.ts';

describe('visit sources from a page query', () => {
  it('accepts the eight sources and nothing else', () => {
    for (const s of ['card', 'nfc', 'qr', 'linkinbio', 'link', 'wallet', 'share', 'shareqr']) expect(parseSource(s)).toBe(s);
    for (const s of [undefined, '', 'NFC', 'nfc ', 'email', ['nfc', 'qr'], 1, '<script>']) expect(parseSource(s)).toBeNull();
  });

  it('reads a card scan as nfc, qr or wallet, and anything else as a card printed before sources', () => {
    expect(cardScanSource({ src: 'nfc' })).toBe('nfc');
    expect(cardScanSource({ src: 'qr' })).toBe('qr');
    expect(cardScanSource({ src: 'wallet' })).toBe('wallet');
    expect(cardScanSource({})).toBe('card');
    expect(cardScanSource(undefined)).toBe('card');
    expect(cardScanSource({ src: 'linkinbio' })).toBe('card');
    expect(cardScanSource({ src: 'shareqr' })).toBe('card');
    expect(cardScanSource({ src: 'x'.repeat(5000) })).toBe('card');
  });

  it('attributes a profile view to a shared link unless the card page carried a source and card along', () => {
    expect(profileVisit({})).toEqual({ source: 'link', cardId: '' });
    expect(profileVisit({ src: 'bogus', card: 'Ab3' })).toEqual({ source: 'link', cardId: '' });
    expect(profileVisit({ src: 'nfc', card: 'Ab3' })).toEqual({ source: 'nfc', cardId: 'Ab3' });
    expect(profileVisit({ src: 'qr', card: 'Ab-3' })).toEqual({ source: 'qr', cardId: '' });
    expect(profileVisit({ src: 'link', card: 'Ab3' })).toEqual({ source: 'link', cardId: '' });
    expect(profileVisit({ src: 'wallet', card: ['a', 'b'] })).toEqual({ source: 'wallet', cardId: '' });
    // Issue 23: the share panel's link and QR code count apart, never with a card.
    expect(profileVisit({ src: 'share', card: 'Ab3' })).toEqual({ source: 'share', cardId: '' });
    expect(profileVisit({ src: 'shareqr' })).toEqual({ source: 'shareqr', cardId: '' });
  });

  it('carries a scan to the profile page in a query that profileVisit reads back', () => {
    const query = Object.fromEntries(new URLSearchParams(profileVisitQuery('nfc', 'Ab3xY9')));
    expect(profileVisit(query)).toEqual({ source: 'nfc', cardId: 'Ab3xY9' });
  });

  it('takes card ids of letters and digits only', () => {
    expect(parseCardId('Ab3xY9')).toBe('Ab3xY9');
    for (const v of ['', 'a/b', 'a b', 'x'.repeat(65), null]) expect(parseCardId(v)).toBeNull();
  });
});
