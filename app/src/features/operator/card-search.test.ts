import { describe, expect, it } from 'vitest';
import { readCardSearch } from './card-search.ts';

const PUBLIC_URL = 'https://cards.example';

describe('readCardSearch (the operator console’s search box)', () => {
  it('searches a pasted card link by its id, in every form a card holds', () => {
    for (const link of [
      'https://cards.example/card/Ab3x9Kq2Lm',
      'https://cards.example/card/Ab3x9Kq2Lm?src=nfc',
      ' http://cards.example/public-profile/Ab3x9Kq2Lm/ ',
      'https://cards.example/?id=Ab3x9Kq2Lm',
      'cards.example/card/Ab3x9Kq2Lm?src=qr',
    ])
      expect(readCardSearch(link, PUBLIC_URL), link).toEqual({ q: 'Ab3x9Kq2Lm' });
  });

  it('says a link of another site or another path is no card of this service', () => {
    for (const link of ['https://evil.example/card/Ab3x9Kq2Lm', 'https://cards.example/p/Ab3x9Kq2Lm', 'javascript:alert(1)'])
      expect(readCardSearch(link, PUBLIC_URL), link).toEqual({ notCard: true });
  });

  it('keeps the letters and digits of a typed id or its start', () => {
    expect(readCardSearch('Ab3-x9 ', PUBLIC_URL)).toEqual({ q: 'Ab3x9' });
    expect(readCardSearch('', PUBLIC_URL)).toEqual({ q: '' });
  });
});
