import { describe, expect, it } from 'vitest';
import { formatDay, isEmpty, niceMax, totals } from './stats-summary.ts';

const day = (date: string, views = 0, clicks = 0) => ({ date, views, saves: 0, reminders: 0, contacts: 0, walletPasses: 0, clicks });

describe('the statistics screen sums', () => {
  it('adds every metric over the days', () => {
    expect(totals([day('2026-11-24', 2, 1), day('2026-11-25', 3)])).toEqual({ views: 5, saves: 0, reminders: 0, contacts: 0, walletPasses: 0, clicks: 1 });
  });

  it('is empty only when no day and no card counted anything', () => {
    const none = {
      days: [day('2026-11-25')],
      timeZone: 'Europe/Berlin',
      sources: { card: 0, nfc: 0, qr: 0, linkinbio: 0, link: 0, wallet: 0, share: 0, shareqr: 0, background: 0, signature: 0, tap: 0 },
      links: [],
      cards: [],
      captures: { days: [], events: [] },
    };
    expect(isEmpty(none)).toBe(true);
    expect(isEmpty({ ...none, days: [day('2026-11-25', 0, 1)] })).toBe(false);
    expect(isEmpty({ ...none, cards: [{ cardId: 'c', views: 1 }] })).toBe(false);
    // Issue 36: a contact captured for the profile is something to show.
    expect(isEmpty({ ...none, captures: { days: [{ date: '2026-11-25', captured: 1 }], events: [{ eventId: '', name: '', captured: 1 }] } })).toBe(false);
  });

  it('rounds the scale up to an even step of a power of ten, so its half is whole too', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 21, 42, 99, 230, 5001].map(niceMax)).toEqual([2, 2, 2, 4, 8, 10, 20, 40, 60, 100, 400, 6000]);
  });

  it('formats UTC dates in the interface language', () => {
    expect(formatDay('2026-11-25', 'en')).toBe('Nov 25');
    expect(formatDay('2026-11-25', 'de')).toBe('25. Nov.');
  });
});
