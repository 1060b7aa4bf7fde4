import { randomUUID } from 'node:crypto';
import { createEvent, type EventAttributes } from 'ics';
import type { Language, Profile } from '../../shared/schemas/profile.schema.ts';
import { REMIND_IN } from '../../shared/schemas/profile.schema.ts';
import { toSafeHref } from '../../shared/safe-url.ts';
import { cleanText, escapeText, refold } from './content-line.ts';
import { contactName } from '../../shared/display-name.ts';

/** Download name of the reminder (SPEC 7: "downloaded as Reminder.ics"). */
export const REMINDER_FILE_NAME = 'Reminder.ics';

/** Content type of the download. */
export const REMINDER_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** A reminder choice of SPEC 9. */
export type RemindIn = (typeof REMIND_IN)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** How far ahead each choice puts the reminder, as a fixed span in UTC. */
export const REMIND_IN_MS: Readonly<Record<RemindIn, number>> = { '1d': DAY_MS, '3d': 3 * DAY_MS, '1w': 7 * DAY_MS };

/** Length of the reminder event: long enough to show as a block, short enough not to fill a day. */
export const REMINDER_DURATION_MINUTES = 15;

/** The parts of a profile a reminder names; a full `Profile` fits. */
export type ReminderProfile = Pick<Profile, 'personalTitle' | 'firstName' | 'lastName' | 'companyName' | 'profileName' | 'jobTitle'>;

/** What `buildReminder` needs. */
export interface ReminderInput {
  profile: ReminderProfile;
  /** The public page of the profile; must be an http(s) address. */
  profileUrl: string;
  remindIn: RemindIn;
  /** The moment of the download; the clock is a parameter so the result can be checked. */
  now?: Date;
  /** The visitor's language (D1). */
  language: Language;
  /** The visitor's IANA time zone, when the page's script could tell; else the time is floating. */
  timeZone?: string;
}

/** The hours a reminder may start at, in the visitor's own time: from 09:00 to before 18:00. */
export const REMINDER_HOURS = { from: 9, until: 18 } as const;

/** A wall-clock time: year, month (1–12), day, hour, minute. */
type WallTime = [number, number, number, number, number];

/** The wall-clock time of an instant in a time zone. */
function wallTimeIn(ms: number, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute')];
}

const asUtc = ([y, mo, d, h, mi]: WallTime) => Date.UTC(y, mo - 1, d, h, mi);

/** The instant at which a time zone's clocks show `wall` (twice corrected, so DST changes land right). */
function instantOf(wall: WallTime, timeZone: string): number {
  let guess = asUtc(wall);
  for (let i = 0; i < 2; i++) guess = asUtc(wall) - (asUtc(wallTimeIn(guess, timeZone)) - guess);
  return guess;
}

/**
 * When the reminder starts, as the visitor's wall clock shows it: the day N days after today
 * there, at the same clock time when that lies within REMINDER_HOURS, else at 09:00 (a
 * reminder set at 23:40 or at 03:00 does not ring in the night). Without a time zone the
 * server's UTC clock stands in for the visitor's.
 */
export function reminderWallTime(now: Date, remindIn: RemindIn, timeZone?: string): WallTime {
  const [y, mo, d, h, mi] = timeZone ? wallTimeIn(now.getTime(), timeZone) : wallTimeIn(now.getTime(), 'UTC');
  const day = new Date(Date.UTC(y, mo - 1, d) + REMIND_IN_MS[remindIn]);
  const inHours = h >= REMINDER_HOURS.from && h < REMINDER_HOURS.until;
  return [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), inHours ? h : REMINDER_HOURS.from, inHours ? mi : 0];
}

interface ReminderTexts {
  summary: (name: string) => string;
  intro: (name: string) => string;
  profile: (url: string) => string;
  fallbackName: string;
}

// Whole sentences with named parts (STYLE 8); German addresses the visitor with "Sie".
const TEXTS: Record<Language, ReminderTexts> = {
  de: {
    summary: (name) => `Kontakt aufnehmen: ${name}`,
    intro: (name) => `Sie wollten sich bei ${name} melden.`,
    profile: (url) => `Profil: ${url}`,
    fallbackName: 'Ihr neuer Kontakt',
  },
  en: {
    summary: (name) => `Get in touch: ${name}`,
    intro: (name) => `You wanted to get in touch with ${name}.`,
    profile: (url) => `Profile: ${url}`,
    fallbackName: 'your new contact',
  },
};

/**
 * Builds the reminder `.ics`: one event 1 day, 3 days or 1 week after `now` at a sensible hour
 * (`reminderWallTime`): in UTC for the visitor's time zone when known, else as floating time,
 * which every calendar shows at that clock time in its own zone. No METHOD: RFC 5546 asks an
 * ORGANIZER of a PUBLISH, and a file to import is no scheduling message.
 * The event itself is the reminder, because Google Calendar and Outlook.com drop the alarms
 * of imported files; a VALARM is added for the clients that keep it (Apple, Outlook desktop).
 * Each call gets a new UID, so a second reminder for the same contact is a second event
 * instead of silently replacing the first.
 */
export function buildReminder({ profile, profileUrl, remindIn, now = new Date(), language, timeZone }: ReminderInput): string {
  const url = toSafeHref(profileUrl);
  if (!url || !/^https?:/.test(url)) throw new TypeError(`profileUrl must be an http(s) address: ${profileUrl}`);
  const texts = TEXTS[language];
  // The name the page and the vCard show (shared/display-name.ts); none fits the sentence better than its own words.
  const name = contactName(profile) || texts.fallbackName;
  const summary = texts.summary(name);
  const role = [cleanText(profile.jobTitle), cleanText(profile.companyName)].filter(Boolean).join(', ');
  const description = [texts.intro(name), role, texts.profile(url)].filter(Boolean).join('\n');

  const wall = reminderWallTime(now, remindIn, timeZone);
  const when = timeZone
    ? ({ start: instantOf(wall, timeZone), startInputType: 'utc', startOutputType: 'utc' } as const)
    : ({ start: wall, startInputType: 'local', startOutputType: 'local' } as const);
  const event = {
    uid: `${randomUUID()}@contact-cards`,
    productId: '-//contact-cards//reminder//EN',
    // `timestamp` (DTSTAMP) is read by ics but missing from its type declarations.
    timestamp: now.getTime(),
    ...when,
    duration: { minutes: REMINDER_DURATION_MINUTES },
    title: summary,
    description,
    url,
    // A reminder must not make the visitor look busy to colleagues who see the calendar.
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    // ics does not escape an alarm's description, so it gets the TEXT escaping here.
    alarms: [{ action: 'display', description: escapeText(summary), trigger: { minutes: 15, before: true } }],
  } satisfies EventAttributes & { timestamp: number };
  let result = createEvent(event);
  // ics's URL check refuses some valid addresses (one-digit ports, IPv6 hosts); the link is in
  // the description as well, so the event goes out without its URL property then.
  if (result.error) result = createEvent({ ...event, url: undefined });
  const { error, value } = result;
  if (error || !value) throw error ?? new Error('ics returned no calendar');
  return refold(value.replace(/^METHOD:.*\r\n/m, ''));
}
