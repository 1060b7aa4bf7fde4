import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardLink, parseCardLink } from './card-link.ts';

const PUBLIC_URL = 'https://cards.example.com';

describe('cardLink', () => {
  it('puts the card id under /card on PUBLIC_URL (D3)', () => {
    expect(cardLink(PUBLIC_URL, 'Ab3xY9')).toBe('https://cards.example.com/card/Ab3xY9');
  });

  it('does not double the slash when PUBLIC_URL ends with one', () => {
    expect(cardLink('https://cards.example.com/', 'Ab3xY9')).toBe('https://cards.example.com/card/Ab3xY9');
  });

  it('keeps a base path of PUBLIC_URL', () => {
    expect(cardLink('http://localhost:3000/app/', 'k1')).toBe('http://localhost:3000/app/card/k1');
  });

  it('round-trips through parseCardLink for any minted id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,64}$/), (id) => {
        expect(parseCardLink(cardLink(PUBLIC_URL, id), PUBLIC_URL)).toBe(id);
      }),
    );
  });
});

describe('parseCardLink accepts the three forms of D3', () => {
  it.each([
    ['https://cards.example.com/card/Ab3xY9', 'the card link'],
    ['https://cards.example.com/public-profile/Ab3xY9', 'the public-profile link'],
    ['https://cards.example.com/?id=Ab3xY9', 'the host with an id parameter'],
    ['https://cards.example.com?id=Ab3xY9', 'the id parameter without a slash'],
    ['https://cards.example.com/card/Ab3xY9/', 'a trailing slash'],
    ['https://cards.example.com/public-profile/Ab3xY9/', 'a trailing slash on public-profile'],
    ['http://cards.example.com/card/Ab3xY9', 'http where PUBLIC_URL says https'],
    ['  https://cards.example.com/card/Ab3xY9\n', 'surrounding whitespace'],
    ['HTTPS://Cards.Example.COM/card/Ab3xY9', 'an upper-case scheme and host'],
    ['https://cards.example.com/card/Ab3xY9?utm_source=nfc', 'a query after the path form'],
    ['https://cards.example.com/?lng=de&id=Ab3xY9', 'other parameters beside id'],
  ])('%s (%s)', (text) => {
    expect(parseCardLink(text, PUBLIC_URL)).toBe('Ab3xY9');
  });

  it('accepts https when PUBLIC_URL says http, and keeps the port', () => {
    expect(parseCardLink('https://localhost:3000/card/k1', 'http://localhost:3000')).toBe('k1');
    expect(parseCardLink('http://localhost:3000/card/k1', 'http://localhost:3000/')).toBe('k1');
  });

  it('honours a base path in PUBLIC_URL', () => {
    const base = 'https://example.com/cards/';
    expect(parseCardLink('https://example.com/cards/card/k1', base)).toBe('k1');
    expect(parseCardLink('https://example.com/cards/?id=k1', base)).toBe('k1');
    expect(parseCardLink('https://example.com/cards?id=k1', base)).toBe('k1');
    expect(parseCardLink('https://example.com/card/k1', base)).toBeNull();
    expect(parseCardLink('https://example.com/cardsX/card/k1', base)).toBeNull();
  });
});

describe('parseCardLink refuses everything else', () => {
  it.each([
    ['', 'empty text'],
    ['   ', 'blank text'],
    ['Ab3xY9', 'a bare id'],
    ['/card/Ab3xY9', 'a relative link'],
    ['cards.example.com/card/Ab3xY9', 'a link without scheme'],
    ['https://evil.example.com/card/Ab3xY9', 'another host'],
    ['https://cards.example.com.evil.io/card/Ab3xY9', 'a host that only starts like ours'],
    ['https://example.com/card/Ab3xY9', 'the parent domain'],
    ['https://cards.example.com:8443/card/Ab3xY9', 'another port'],
    ['https://user:pw@cards.example.com/card/Ab3xY9', 'credentials in the URL'],
    ['https://cards.example.com/p/Ab3xY9', 'the profile page path'],
    ['https://cards.example.com/card/Ab3xY9/preview', 'a longer path'],
    ['https://cards.example.com/cards/Ab3xY9', 'a similar path'],
    ['https://cards.example.com/card/', 'a card path without id'],
    ['https://cards.example.com/card//Ab3xY9', 'an empty segment'],
    ['https://cards.example.com/other?id=Ab3xY9', 'the id parameter on another path'],
    ['https://cards.example.com/?id=', 'an empty id parameter'],
    ['https://cards.example.com/?id=a&id=b', 'two id parameters'],
    ['https://cards.example.com/card/Ab3-xY9', 'an id with a dash'],
    ['https://cards.example.com/card/Ab3_xY9', 'an id with an underscore'],
    ['https://cards.example.com/card/Ab%3CxY9', 'an id with an encoded symbol'],
    ['https://cards.example.com/?id=Ab3%20xY9', 'an id parameter with a space'],
    ['https://cards.example.com/?id=<script>', 'an id parameter with markup'],
    [`https://cards.example.com/card/${'a'.repeat(65)}`, 'an id longer than 64'],
    ['javascript:alert(1)//https://cards.example.com/card/Ab3xY9', 'javascript:'],
    ['data:text/html,https://cards.example.com/card/Ab3xY9', 'data:'],
    ['ftp://cards.example.com/card/Ab3xY9', 'another scheme on our host'],
  ])('%j (%s)', (text) => {
    expect(parseCardLink(text, PUBLIC_URL)).toBeNull();
  });

  it('never answers anything but letters and digits, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), fc.webPath(), (noise, path) => {
        for (const text of [noise, `${PUBLIC_URL}${path}`, `${PUBLIC_URL}/card/${noise}`, `${PUBLIC_URL}/?id=${noise}`]) {
          const id = parseCardLink(text, PUBLIC_URL);
          if (id !== null) expect(id).toMatch(/^[A-Za-z0-9]{1,64}$/);
        }
      }),
    );
  });
});

describe('card links with a source (issue 12)', () => {
  const PUBLIC = 'https://cards.example.com';
  it('writes ?src= for the QR code, the NFC chip and the wallet pass', () => {
    expect(cardLink(PUBLIC, 'Ab3', 'qr')).toBe('https://cards.example.com/card/Ab3?src=qr');
    expect(cardLink(PUBLIC, 'Ab3', 'nfc')).toBe('https://cards.example.com/card/Ab3?src=nfc');
    expect(cardLink(PUBLIC, 'Ab3', 'wallet')).toBe('https://cards.example.com/card/Ab3?src=wallet');
  });

  it('lets the scanner read card links with src as it reads them without', () => {
    for (const source of ['qr', 'nfc', 'wallet'] as const) expect(parseCardLink(cardLink(PUBLIC, 'Ab3', source), PUBLIC)).toBe('Ab3');
    expect(parseCardLink('https://cards.example.com/public-profile/Ab3?src=nfc', PUBLIC)).toBe('Ab3');
    expect(parseCardLink('https://cards.example.com/?id=Ab3&src=qr', PUBLIC)).toBe('Ab3');
    expect(parseCardLink('https://cards.example.com/card/Ab3/?src=unknown&lng=de', PUBLIC)).toBe('Ab3');
    expect(parseCardLink('https://evil.example.com/card/Ab3?src=nfc', PUBLIC)).toBeNull();
  });
});
