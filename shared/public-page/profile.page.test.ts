import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { makeProfile } from '../../server/documents/documents.test-support.ts';
import { ProfilePage } from './profile.page.tsx';
import type { ProfileKey } from './texts.ts';

// The component as the owner app's preview routes use it: plain React, any `t`.
const t = (key: ProfileKey, vars?: Record<string, string>) => (vars ? `${key}(${Object.values(vars).join(',')})` : key);

describe('ProfilePage', () => {
  it('renders the preview bar with the back-to-overview link only when asked', () => {
    const preview = renderToStaticMarkup(
      createElement(ProfilePage, { profile: makeProfile(), lng: 'en', t, preview: { notice: 'Preview', backLabel: 'Back to overview', backHref: '/' } }),
    );
    expect(preview).toContain('<div class="p-pv"><p>Preview</p><a class="p-btn" href="/">Back to overview</a></div>');
    const visitor = renderToStaticMarkup(createElement(ProfilePage, { profile: makeProfile(), lng: 'en', t }));
    expect(visitor).not.toContain('p-pv');
    // The language switch is the server's; the app has its own.
    expect(visitor).not.toContain('p-lng');
  });

  it('takes every text from `t`, with the name as variable', () => {
    const html = renderToStaticMarkup(createElement(ProfilePage, { profile: makeProfile(), lng: 'de', t }));
    expect(html).toContain('reminder_text(Dr. Jürgen Größe-Übermühl)');
    expect(html).toContain('>save_contact<');
    expect(html).not.toMatch(/Erinnerung|Reminder/);
  });
});
