import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/schemas/profile.schema.ts';
import { PUBLIC_PAGE_NAMESPACES, type PublicPageNamespace } from '../../../shared/public-page/texts.ts';
import { createPageTexts, interpolate, readNamespace } from './page-texts.ts';

const namespaces = Object.keys(PUBLIC_PAGE_NAMESPACES) as PublicPageNamespace[];

describe('locale files of the public pages', () => {
  for (const lng of LANGUAGES) {
    for (const ns of namespaces) {
      it(`${lng}/${ns}.json has exactly the keys the components use, none blank`, () => {
        const dict = readNamespace(lng, ns);
        expect(Object.keys(dict).sort()).toEqual([...PUBLIC_PAGE_NAMESPACES[ns]].sort());
        for (const [key, text] of Object.entries(dict)) expect(text.trim(), key).not.toBe('');
      });
    }
  }
  it('uses the same variables in German and English', () => {
    for (const ns of namespaces) {
      const de = readNamespace('de', ns);
      const en = readNamespace('en', ns);
      for (const key of Object.keys(de)) {
        const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(vars(en[key]), `${ns}.${key}`).toEqual(vars(de[key]));
      }
    }
  });
  it('addresses the visitor formally in German (Sie, never du)', () => {
    for (const ns of namespaces) {
      const text = Object.values(readNamespace('de', ns)).join(' ');
      expect(text, ns).not.toMatch(/\b(du|dich|dir|dein\w*)\b/i);
    }
  });
});

describe('createPageTexts', () => {
  it('translates with variables', () => {
    const t = createPageTexts()('de', 'profile');
    expect(t('reminder_text', { name: 'Jürgen' })).toBe('Sie erhalten einen Kalendereintrag, der Sie an Jürgen erinnert.');
    expect(createPageTexts()('en', 'public_card_redirect')('register_card')).toBe('Register card');
  });
  it('leaves unknown variables visible rather than blank', () => {
    expect(interpolate('Hallo {{name}} und {{other}}', { name: 'A' })).toBe('Hallo A und {{other}}');
  });
});
