import { describe, expect, it } from 'vitest';
import { countsAsVisit, visitOf, type VisitRequest } from './visit-decision.ts';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const get = (query: Record<string, unknown> = {}, userAgent = BROWSER, method = 'GET'): VisitRequest => ({
  method,
  headers: { 'user-agent': userAgent },
  query,
});

describe('countsAsVisit (the one rule of D10)', () => {
  it('counts a person with a browser', () => {
    expect(countsAsVisit({ userAgent: BROWSER })).toBe(true);
    expect(countsAsVisit({ userAgent: BROWSER, head: false, crossSite: false })).toBe(true);
  });

  it('does not count bots, link-preview fetchers and tools', () => {
    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'WhatsApp/2.23',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'curl/8.5.0',
      'python-requests/2.31',
    ]) {
      expect(countsAsVisit({ userAgent: agent }), agent).toBe(false);
    }
  });

  it('does not count a client without a User-Agent', () => {
    expect(countsAsVisit({})).toBe(false);
    expect(countsAsVisit({ userAgent: '' })).toBe(false);
  });

  it('does not count HEAD requests (link checkers look, they do not visit)', () => {
    expect(countsAsVisit({ userAgent: BROWSER, head: true })).toBe(false);
  });

  it("does not count a click that another site's page sent", () => {
    expect(countsAsVisit({ userAgent: BROWSER, crossSite: true })).toBe(false);
  });
});

describe('visitOf (a counted answer reads its visit)', () => {
  it('reads the client: User-Agent, HEAD, and cross-site as the route judged it', () => {
    expect(visitOf(get(), 'action')).toEqual({ userAgent: BROWSER, head: false, crossSite: false, source: 'link', cardId: '' });
    expect(visitOf(get({}, BROWSER, 'HEAD'), 'action').head).toBe(true);
    expect(visitOf(get({}, BROWSER, 'POST'), 'action', { crossSite: true })).toMatchObject({ head: false, crossSite: true });
    expect(countsAsVisit(visitOf(get({}, BROWSER, 'HEAD'), 'profile'))).toBe(false);
    expect(countsAsVisit(visitOf(get({}, BROWSER, 'POST'), 'action', { crossSite: true }))).toBe(false);
    expect(countsAsVisit(visitOf({ method: 'GET', headers: {} }, 'card'))).toBe(false);
    expect(countsAsVisit(visitOf(get(), 'linkinbio'))).toBe(true);
  });

  it('a profile page: the source and card the card page carried along, else a shared link', () => {
    expect(visitOf(get({ src: 'nfc', card: 'Ab3' }), 'profile')).toMatchObject({ source: 'nfc', cardId: 'Ab3' });
    expect(visitOf(get({ src: 'share', card: 'Ab3' }), 'profile')).toMatchObject({ source: 'share', cardId: '' });
    expect(visitOf(get({ src: 'bogus', card: 'Ab3' }), 'profile')).toMatchObject({ source: 'link', cardId: '' });
    expect(visitOf(get({}), 'profile')).toMatchObject({ source: 'link', cardId: '' });
  });

  it('a card page: nfc, qr or wallet, else a card printed before sources; the card is the route’s', () => {
    expect(visitOf(get({ src: 'qr' }), 'card')).toMatchObject({ source: 'qr', cardId: '' });
    expect(visitOf(get({ src: 'link' }), 'card')).toMatchObject({ source: 'card', cardId: '' });
    expect(visitOf(get(), 'card')).toMatchObject({ source: 'card' });
  });

  it('a link-in-bio page: always linkinbio', () => {
    expect(visitOf(get({ src: 'nfc' }), 'linkinbio')).toMatchObject({ source: 'linkinbio', cardId: '' });
  });

  it('a download or a link click: the page’s source, else a shared link, never a card', () => {
    expect(visitOf(get({ src: 'wallet', card: 'Ab3' }), 'action')).toMatchObject({ source: 'wallet', cardId: '' });
    expect(visitOf(get({ src: 'linkinbio' }), 'action')).toMatchObject({ source: 'linkinbio' });
    for (const src of [undefined, '', 'NFC', ['nfc', 'qr'], 'x'.repeat(5000)]) expect(visitOf(get({ src }), 'action').source).toBe('link');
    expect(visitOf({ method: 'GET', headers: {} }, 'action').source).toBe('link');
  });
});
