import { describe, expect, it } from 'vitest';
import { isFreeMailDomain } from './free-mail.ts';

describe('free-mail domains (the free-email-domains-typescript package and the few it lacks)', () => {
  it.each(['gmail.com', 'proton.me', 'gmx.net', 'mail.ru', 'yandex.ru', 'live.com', 'outlook.de', 'web.de', 't-online.de', 'icloud.com'])(
    'knows %s',
    async (domain) => expect(await isFreeMailDomain(domain)).toBe(true),
  );
  it.each(['mail.gmail.com', 'eu.proton.me', 'a.b.outlook.de'])('refuses the subdomain %s of a provider', async (domain) =>
    expect(await isFreeMailDomain(domain)).toBe(true),
  );
  it.each(['example.com', 'acme-gmbh.de', 'gmail.com.example.org', 'notgmail.com', 'com'])('leaves a company domain such as %s alone', async (domain) =>
    expect(await isFreeMailDomain(domain)).toBe(false),
  );
});
