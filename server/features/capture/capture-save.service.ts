import type { CaptureEvent, CaptureEventList, CaptureEventSaveBody, CaptureSaveAnswer, CaptureSaveBody } from '../../../shared/schemas/capture-save.schema.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, badInput, profileNotFound } from '../../http/errors.ts';
import { newLeadId, randomId } from '../../lib/ids.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { LeadCapture } from '../leads/index.ts';
import type { OrganisationService } from '../organisations/index.ts';
import type { CaptureEventRepository, ListedEventRow } from './capture-event.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Captures one account may save per hour: a day at a fair queued offline and sent at once fits, a script filling the inbox does not. */
export const CAPTURE_SAVE_RULE: RateRule = { name: 'capture-save', max: 600, windowMs: HOUR_MS };
/** Event saves (new or changed) per account and hour. */
export const CAPTURE_EVENT_SAVE_RULE: RateRule = { name: 'capture-event-save', max: 60, windowMs: HOUR_MS };
/** Events one account may make in all: a list of fairs, not a table anyone may fill. */
export const CAPTURE_EVENTS_MAX = 500;
/** A phone's clock may run a little ahead; a capture further in the future is refused (`capturedAt`). */
const CLOCK_DRIFT_MS = 10 * 60 * 1000;

const GERMAN_COUNTRY = /^(de|deu|deutschland|germany|at|aut|österreich|oesterreich|austria|ch|che|schweiz|switzerland|liechtenstein)$/i;
const GERMAN_DOMAIN = /\.(de|at|ch|li)$/i;

/**
 * The person's language for the follow-up when the app names none: German for a card from
 * Germany, Austria, Switzerland or Liechtenstein (by its country line, else its e-mail's or web
 * address's domain), else English. The owner can choose the other when sending.
 */
export function languageOfCard(card: Pick<CaptureSaveBody, 'country' | 'email' | 'website'>): 'de' | 'en' {
  if (card.country) return GERMAN_COUNTRY.test(card.country.trim()) ? 'de' : 'en';
  const domain = (card.email.split('@')[1] ?? '') || card.website.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0];
  return GERMAN_DOMAIN.test(domain) ? 'de' : 'en';
}

const eventNotFound = () => new AppError(404, ErrorCode.notFound, 'eventId: no such event of yours or your organisation.', 'eventId');
const isAdmin = (role: string | null) => role === 'owner' || role === 'admin';

function presentEvent(row: ListedEventRow): CaptureEvent {
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    organisationId: row.organisationId,
    organisationName: row.organisationId ? row.organisationName : null,
    editable: row.organisationId ? isAdmin(row.role) : true,
    captures: row.captures,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/**
 * Issue 36: saving what the owner captured as a lead (once per clientId), and the events
 * captures are grouped by: an owner's own, or an organisation's that its owners and admins
 * make and every member captures at.
 */
export function createCaptureSaveService(deps: {
  events: CaptureEventRepository;
  leads: LeadCapture;
  organisationService: Pick<OrganisationService, 'access'>;
  rateLimiter: RateLimiter;
  now?: () => number;
}) {
  const { events, leads, organisationService, rateLimiter, now = Date.now } = deps;

  /** The profile a capture is stored on: the one named (the owner's, not deleted), else the default. */
  async function profileFor(owner: Owner, profileId: string | null | undefined, organisationId: string | null): Promise<string> {
    if (profileId) {
      if (!(await events.ownsLiveProfile(owner.userId, profileId))) throw profileNotFound('profileId');
      return profileId;
    }
    const found = await events.defaultProfile(owner.userId, organisationId);
    if (!found) throw badInput('profileId', 'you have no profile to keep the lead with; make one first');
    return found;
  }

  return {
    /** POST /capture/save: the lead of this capture, made now or by an earlier send of the same clientId. */
    async save(owner: Owner, body: CaptureSaveBody): Promise<CaptureSaveAnswer> {
      await rateLimiter.consume([[CAPTURE_SAVE_RULE, owner.userId]], 'Too many captures saved in a short time. Please try again later.');
      const at = now();
      const capturedAt = typeof body.capturedAt === 'number' ? body.capturedAt : Date.parse(body.capturedAt);
      if (capturedAt > at + CLOCK_DRIFT_MS) throw badInput('capturedAt', 'must not be in the future');
      let organisationId: string | null = null;
      if (body.eventId) {
        const event = await events.findVisible(owner.userId, body.eventId);
        if (!event) throw eventNotFound();
        organisationId = event.organisationId;
      }
      const profileId = await profileFor(owner, body.profileId, organisationId);
      const name = [body.firstName, body.lastName].filter(Boolean).join(' ');
      const phone = body.phone || body.mobile;
      const searchable = [body.email, name, body.phone, body.mobile, body.company, body.jobTitle, body.city, body.note, ...body.tags];
      const outcome = await leads.insertCapture({
        id: newLeadId(),
        profileId,
        email: body.email,
        language: body.language ?? languageOfCard(body),
        created: at,
        name,
        phone,
        company: body.company,
        message: '',
        // Nobody gave consent through a form: the owner collected the data (GDPR Art. 14, the follow-up tells the person).
        consentText: '',
        consentVersion: '',
        consentAt: null,
        // A capture is no visit: its `method` says how it came in; the source stays the default.
        source: 'link',
        cardId: '',
        status: 'new',
        searchText: searchable.filter(Boolean).join('\n').toLowerCase(),
        method: body.method,
        note: body.note,
        tags: JSON.stringify(body.tags),
        eventId: body.eventId ?? '',
        firstName: body.firstName,
        lastName: body.lastName,
        jobTitle: body.jobTitle,
        mobile: body.mobile,
        website: body.website,
        street: body.street,
        zip: body.zip,
        city: body.city,
        country: body.country,
        capturedAt,
        clientId: body.clientId,
        capturedBy: owner.userId,
      });
      if (outcome === 'gone') throw profileNotFound('profileId');
      return outcome;
    },

    /** GET /find/own/capture/events. */
    async list(owner: Owner): Promise<CaptureEventList> {
      return { events: (await events.list(owner.userId)).map(presentEvent) };
    },

    /** POST /capture/event/save: a new event, or a change of one this owner may change. */
    async saveEvent(owner: Owner, body: CaptureEventSaveBody): Promise<CaptureEvent> {
      await rateLimiter.consume([[CAPTURE_EVENT_SAVE_RULE, owner.userId]], 'Too many events saved in a short time. Please try again later.');
      const at = now();
      const changes = { name: body.name, startsOn: body.startsOn, endsOn: body.endsOn, updated: at };
      if (body.eventId) {
        const event = await events.findVisible(owner.userId, body.eventId);
        if (!event) throw eventNotFound();
        if ((body.organisationId ?? null) !== event.organisationId) throw badInput('organisationId', "an event's organisation cannot change; make a new event");
        // A member captures at the organisation's events; its owners and admins change them (403, like every admin call).
        if (event.organisationId) await organisationService.access(owner, event.organisationId, 'admin');
        await events.update(event.id, changes);
        return this.one(owner, event.id);
      }
      if (body.organisationId) await organisationService.access(owner, body.organisationId, 'admin');
      if ((await events.countCreatedBy(owner.userId)) >= CAPTURE_EVENTS_MAX)
        throw new AppError(409, ErrorCode.invalidInput, `You have made ${CAPTURE_EVENTS_MAX} events, the most one account may make.`);
      const id = randomId(12);
      await events.insert({
        id,
        userId: body.organisationId ? null : owner.userId,
        organisationId: body.organisationId ?? null,
        createdBy: owner.userId,
        ...changes,
        created: at,
      });
      return this.one(owner, id);
    },

    /** One event as the list shows it. */
    async one(owner: Owner, eventId: string): Promise<CaptureEvent> {
      const [found] = await events.list(owner.userId, eventId);
      if (!found) throw eventNotFound();
      return presentEvent(found);
    },
  };
}
export type CaptureSaveService = ReturnType<typeof createCaptureSaveService>;
