import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { expectWellFormedLines, makeProfile } from './documents.test-support.ts';
import { buildReminder, REMINDER_FILE_NAME, type RemindIn } from './reminder.builder.ts';

const profileUrl = 'https://cards.example.com/p/prof1';
const now = new Date('2026-03-27T22:15:42.123Z'); // the night before the change to summer time in Europe

/** Parses with ical.js and returns the calendar's events. */
function parseEvents(text: string): ICAL.Component[] {
  const jcal = ICAL.parse(text);
  expect(jcal[0]).toBe('vcalendar');
  return new ICAL.Component(jcal).getAllSubcomponents('vevent');
}

function time(component: ICAL.Component, name: string): ICAL.Time {
  const value = component.getFirstPropertyValue(name);
  expect(value).toBeInstanceOf(ICAL.Time);
  return value as ICAL.Time;
}

describe('buildReminder', () => {
  // now is 23:15 in Berlin on 27 March: outside the hours, so 09:00 there, N days on; the
  // first two cross the change to summer time (UTC+1 before, UTC+2 after).
  const berlin: Array<[RemindIn, string]> = [
    ['1d', '2026-03-28T08:00:00.000Z'],
    ['3d', '2026-03-30T07:00:00.000Z'],
    ['1w', '2026-04-03T07:00:00.000Z'],
  ];
  it.each(berlin)('puts one event %s after now at 09:00 in the visitor’s time zone when the clock time is at night', (remindIn, expectedStart) => {
    const text = buildReminder({ profile: makeProfile(), profileUrl, remindIn, now, language: 'de', timeZone: 'Europe/Berlin' });
    const events = parseEvents(text);
    expect(events).toHaveLength(1);
    const start = time(events[0], 'dtstart');
    expect(start.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(start.toJSDate().toISOString()).toBe(expectedStart);
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  });

  it('keeps the clock time (whole minutes) when it lies within the day’s hours there', () => {
    const afternoon = new Date('2026-03-27T14:37:42.000Z'); // 15:37 in Berlin, 10:37 in New York
    const start = (timeZone: string) =>
      time(parseEvents(buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now: afternoon, language: 'en', timeZone }))[0], 'dtstart');
    expect(start('Europe/Berlin').toJSDate().toISOString()).toBe('2026-03-28T14:37:00.000Z');
    expect(start('America/New_York').toJSDate().toISOString()).toBe('2026-03-28T14:37:00.000Z');
    // 23:37 in Tokyo: the next morning's 09:00 there instead.
    expect(start('Asia/Tokyo').toJSDate().toISOString()).toBe('2026-03-28T00:00:00.000Z');
  });

  it('writes floating time without a time zone, so every calendar shows it at that clock time', () => {
    const text = buildReminder({ profile: makeProfile(), profileUrl, remindIn: '3d', now, language: 'de' });
    const start = time(parseEvents(text)[0], 'dtstart');
    expect(start.zone).toBe(ICAL.Timezone.localTimezone);
    expect(start.toString()).toBe('2026-03-30T09:00:00');
    expect(text).toContain('\r\nDTSTART:20260330T090000\r\n');
  });

  it('has no METHOD, which RFC 5546 would want an ORGANIZER for', () => {
    const text = buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now, language: 'de' });
    expect(text).not.toMatch(/^METHOD:/m);
    expect(text).not.toMatch(/^ORGANIZER/m);
  });

  it('lasts between 15 and 30 minutes and carries a display alarm', () => {
    const [event] = parseEvents(buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now, language: 'de' }));
    const seconds = new ICAL.Event(event).duration.toSeconds();
    expect(seconds).toBeGreaterThanOrEqual(15 * 60);
    expect(seconds).toBeLessThanOrEqual(30 * 60);
    const alarms = event.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(1);
    expect(alarms[0].getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarms[0].getFirstPropertyValue('trigger')).toBeInstanceOf(ICAL.Duration);
    expect(alarms[0].getFirstPropertyValue('description')).toBe('Kontakt aufnehmen: Dr. Jürgen Größe-Übermühl');
  });

  it('stamps the file with the moment of the download', () => {
    const [event] = parseEvents(buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now, language: 'en' }));
    expect(time(event, 'dtstamp').toJSDate().toISOString()).toBe('2026-03-27T22:15:42.000Z');
  });

  it('still answers for profile links the ics URL check refuses, with the link in the description', () => {
    for (const url of ['http://localhost:3/p/prof1', 'http://[::1]:3000/p/prof1']) {
      const events = parseEvents(buildReminder({ profile: makeProfile(), profileUrl: url, remindIn: '1d', now, language: 'en' }));
      expect(events).toHaveLength(1);
      expect(String(events[0].getFirstPropertyValue('description'))).toContain(url.replace(/\/p\/prof1$/, ''));
    }
  });

  it('gives every file its own UID', () => {
    const input = { profile: makeProfile(), profileUrl, remindIn: '1d' as const, now, language: 'de' as const };
    const uids = [buildReminder(input), buildReminder(input)].map((t) => parseEvents(t)[0].getFirstPropertyValue('uid'));
    expect(uids[0]).toEqual(expect.any(String));
    expect(uids[0]).not.toBe(uids[1]);
  });

  it('names the contact in German and links the profile', () => {
    const text = buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now, language: 'de' });
    expectWellFormedLines(text);
    const [event] = parseEvents(text);
    expect(event.getFirstPropertyValue('summary')).toBe('Kontakt aufnehmen: Dr. Jürgen Größe-Übermühl');
    expect(event.getFirstPropertyValue('url')).toBe(profileUrl);
    const description = String(event.getFirstPropertyValue('description'));
    expect(description).toContain('Dr. Jürgen Größe-Übermühl');
    expect(description).toContain('Leiter Vertrieb und Kundenbeziehungen, Müller & Söhne Maschinenbau GmbH');
    expect(description).toContain(profileUrl);
  });

  it('names the contact in English, and the company when there is no person name', () => {
    const person = parseEvents(buildReminder({ profile: makeProfile(), profileUrl, remindIn: '1d', now, language: 'en' }))[0];
    expect(person.getFirstPropertyValue('summary')).toBe('Get in touch: Dr. Jürgen Größe-Übermühl');
    const company = parseEvents(
      buildReminder({
        profile: makeProfile({ firstName: '', lastName: '' }),
        profileUrl,
        remindIn: '1d',
        now,
        language: 'en',
      }),
    )[0];
    expect(company.getFirstPropertyValue('summary')).toBe('Get in touch: Müller & Söhne Maschinenbau GmbH');
  });

  it('keeps lines within 75 octets and survives commas, semicolons and long multi-byte names', () => {
    const profile = makeProfile({ firstName: 'Ä;ö,ü'.repeat(30), lastName: '😀'.repeat(40) });
    const text = buildReminder({ profile, profileUrl, remindIn: '1w', now, language: 'de' });
    expectWellFormedLines(text);
    const [event] = parseEvents(text);
    expect(event.getFirstPropertyValue('summary')).toBe(`Kontakt aufnehmen: Dr. ${'Ä;ö,ü'.repeat(30)} ${'😀'.repeat(40)}`);
    expect(event.getAllSubcomponents('valarm')[0].getFirstPropertyValue('description')).toBe(event.getFirstPropertyValue('summary'));
  });

  it('refuses a profile URL that is not http(s)', () => {
    const input = { profile: makeProfile(), remindIn: '1d' as const, now, language: 'de' as const };
    expect(() => buildReminder({ ...input, profileUrl: 'javascript:alert(1)' })).toThrow(TypeError);
    expect(() => buildReminder({ ...input, profileUrl: 'mailto:a@b.example' })).toThrow(TypeError);
  });

  it('is downloaded as Reminder.ics', () => {
    expect(REMINDER_FILE_NAME).toBe('Reminder.ics');
  });
});
