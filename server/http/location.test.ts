import { describe, expect, it } from 'vitest';
import { locationHeader } from './location.ts';

describe('locationHeader', () => {
  it('percent-encodes every character outside printable ASCII as UTF-8 and keeps the rest', () => {
    expect(locationHeader('mailto:a@例え.jp')).toBe('mailto:a@%E4%BE%8B%E3%81%88.jp');
    expect(locationHeader('tel:+49 89 ☎')).toBe('tel:+49%2089%20%E2%98%8E');
    expect(locationHeader('mailto:ä@x.de?subject=Grüße%20dir')).toBe('mailto:%C3%A4@x.de?subject=Gr%C3%BC%C3%9Fe%20dir');
    expect(locationHeader('https://xn--fiqs8s.example/a?b=c#d')).toBe('https://xn--fiqs8s.example/a?b=c#d');
    expect(locationHeader('mailto:😀@x.de')).toBe('mailto:%F0%9F%98%80@x.de');
    expect(locationHeader('mailto:\ud800@x.de')).toBe('mailto:%EF%BF%BD@x.de');
  });
});
