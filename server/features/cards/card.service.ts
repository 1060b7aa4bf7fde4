import { ErrorCode, TeamErrorCode } from '../../../shared/error-codes.ts';
import { EDITIONS, type Card, type CardCheck, type CardCheckState, type Edition } from '../../../shared/schemas/card.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { editionDisplayName } from './editions.ts';
import { AppError, conflict, notFound, profileNotFound } from '../../http/errors.ts';
import { createShortLivedCache } from '../../lib/short-lived-cache.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import { newCardId } from '../../lib/ids.ts';
import { presentCard } from './card.presenter.ts';
import type { CardRepository, CardWithProfile } from './card.repository.ts';
import { type ProfileChanges, type ProfileService, type PublicProfileService, presentPublicProfileEnvelope } from '../profiles/index.ts';
import type { ViewCounter, VisitClient, VisitService } from '../stats/index.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';

const cardNotFound = () => notFound(ErrorCode.cardNotFound, 'This card does not exist.');
const cardBlocked = () => conflict(ErrorCode.cardBlocked, 'This card has been deactivated by its issuer.');

/**
 * Issue 35: the registration screen checks a typed or scanned id at once. A person mistypes a
 * few times; an owner asking hundreds of ids is probing which ids exist.
 */
export const CARD_CHECK_RULE = { name: 'card-check', max: 60, windowMs: 10 * 60_000 } satisfies RateRule;

/** D6: whether `owner` can register this card, else why not. */
function registrationState(
  card: { userId: string | null; organisationId: string | null; blocked: number | null },
  owner: Owner,
): Exclude<CardCheckState, 'not-found'> {
  if (card.blocked) return 'blocked';
  if (card.userId) return card.userId === owner.userId ? 'yours' : 'registered';
  return card.organisationId ? 'organisation' : 'ok';
}

/** The answer of `POST /card/register` for each state that refuses it. */
const REFUSALS: Record<Exclude<CardCheckState, 'ok' | 'not-found'>, () => AppError> = {
  blocked: cardBlocked,
  yours: () => conflict(ErrorCode.cardAlreadyRegistered, 'You have already registered this card.'),
  registered: () => conflict(ErrorCode.cardAlreadyRegistered, 'This card is already registered to another account.'),
  organisation: () => conflict(ErrorCode.cardAlreadyRegistered, 'This card belongs to an organisation: its admins assign it.'),
};

/**
 * Issue 33: the ids of a member's live company profiles in an organisation (made from one of its
 * templates, not marked as left), oldest first; the organisations feature answers it (server/wiring.ts).
 */
export type CompanyProfilesOf = (organisationId: string, userId: string) => Promise<string[]>;

const organisationCardOnly = (message: string, field?: string) => new AppError(403, TeamErrorCode.organisationCard, message, field);

/** What the public card page shows (SPEC 2 card redirect page). */
export type PublicCardState = { state: 'not-found' } | { state: 'blocked' } | { state: 'unregistered' } | { state: 'registered'; profileId: string };

/** Cards: minting (D9), registration (D6), reset (D7), profile assignment, scans (D10). */
export function createCardService(deps: {
  publicUrl: string;
  cards: CardRepository;
  profiles: ProfileChanges;
  profileService: ProfileService;
  publicProfiles: PublicProfileService;
  views: ViewCounter;
  /** The one entry of counted visits (issue 34). */
  visits: Pick<VisitService, 'record'>;
  rateLimiter: RateLimiter;
  companyProfilesOf: CompanyProfilesOf;
}) {
  const { publicUrl, cards, profiles, profileService, publicProfiles, views, visits, rateLimiter, companyProfilesOf } = deps;

  /** A card with the scans counted but not yet written (D10); an organisation's with the company profiles it may show. */
  const present = async (row: CardWithProfile) =>
    presentCard(
      { ...row, views: Number(row.views) + views.pendingCard(row.id) },
      publicUrl,
      row.organisationId && row.userId ? await companyProfilesOf(row.organisationId, row.userId) : null,
    );

  // Which profile a card shows, as the card page just read it: the profile page that follows
  // the scan checks its `?card=` against it (issue 12) without another read in most cases.
  const shownProfiles = createShortLivedCache<string | null>(1000);

  // Reads of a card's stored scans wait out a write of counted ones, so the pending scans `present` adds right after are exact.
  async function ownOrThrow(owner: Owner, cardId: string) {
    const row = await views.settledRead(() => cards.findOwn(owner.userId, cardId));
    if (!row) throw cardNotFound();
    return row;
  }

  return {
    /** D9: new unregistered cards of one edition; issue 39: registered to an organisation in bulk when minted with its host. */
    async mint(
      edition: Edition,
      count: number,
      batchId: string | null = null,
      organisationId: string | null = null,
    ): Promise<{ id: string; edition: Edition }[]> {
      if (!EDITIONS.includes(edition)) throw new AppError(400, ErrorCode.invalidInput, `edition: must be one of ${EDITIONS.join(', ')}`, 'edition');
      const minted = Date.now();
      const rows = Array.from({ length: count }, () => ({ id: newCardId(), edition, minted, batchId, organisationId }));
      await cards.insertMany(rows);
      return rows.map(({ id }) => ({ id, edition }));
    },

    async exists(cardId: string): Promise<boolean> {
      return Boolean(await cards.find(cardId));
    },

    /**
     * The card page: counts a scan of a registered card when the client counts as a visitor
     * (server/features/stats/visit-decision.ts), also in the profile's day under the scan's source (issue 12: `scan` per card).
     */
    async openPublicCard(cardId: string, client: VisitClient, source: VisitSource = 'card'): Promise<PublicCardState> {
      const card = await cards.find(cardId);
      if (!card) return { state: 'not-found' };
      // Issue 28: a blocked card shows no profile and counts no scan; it is read on every scan,
      // so a block made through any instance holds on every instance at once.
      if (card.blocked) {
        shownProfiles.set(cardId, null);
        return { state: 'blocked' };
      }
      shownProfiles.set(cardId, card.profileId);
      if (!card.profileId) return { state: 'unregistered' };
      // HEAD (link checkers) and bots get the same redirect but are no scan.
      visits.record({ profileId: card.profileId, cardId, metric: 'scan', source }, client);
      return { state: 'registered', profileId: card.profileId };
    },

    /**
     * True when the card shows this profile now: a `?card=` on a profile page is only
     * attributed when it is one of the profile's cards (issue 12), so made-up ids add no rows.
     */
    async showsProfile(cardId: string, profileId: string): Promise<boolean> {
      let shown = shownProfiles.get(cardId);
      if (shown === undefined) {
        const card = await cards.find(cardId);
        shown = card && !card.blocked ? card.profileId : null;
        shownProfiles.set(cardId, shown);
      }
      return shown === profileId;
    },

    /** POST /card/show (D6): `{ profile }`, or 404 card-not-found / card-not-registered. */
    async show(cardId: string): Promise<{ profile: PublicProfile }> {
      const card = await cards.find(cardId);
      if (!card) throw cardNotFound();
      if (card.blocked) throw cardBlocked();
      if (!card.profileId) throw notFound(ErrorCode.cardNotRegistered, 'This card is not registered yet.');
      const profile = await publicProfiles.get(card.profileId);
      if (!profile) throw profileNotFound();
      return presentPublicProfileEnvelope(profile);
    },

    async findOwn(owner: Owner, cardId: string): Promise<Card> {
      return present(await ownOrThrow(owner, cardId));
    },

    async listOwn(owner: Owner): Promise<Card[]> {
      return Promise.all((await views.settledRead(() => cards.listOwn(owner.userId))).map(present));
    },

    /**
     * D6: a new profile named after the edition is made for the card, in the same transaction
     * as the conditional claim, so a lost race leaves no stray profile behind. Issue 23: with
     * `choice.profileId` the card shows that profile of the owner's instead (404 for another's);
     * with a name the new profile carries it.
     */
    async register(
      owner: Owner,
      cardId: string,
      language = 'de',
      choice: { profileId?: string; firstName?: string; lastName?: string } = {},
    ): Promise<Card & { cardProfileId: string }> {
      const card = await cards.find(cardId);
      if (!card) throw cardNotFound();
      const state = registrationState(card, owner);
      if (state !== 'ok') throw REFUSALS[state]();
      // Taken between the read and the claim (two people racing for one card, D6).
      const alreadyRegistered = REFUSALS.registered;
      const existing = choice.profileId;
      if (existing && !(await profiles.findOwn(owner.userId, existing))) throw profileNotFound();
      // A new profile is made in the same change, so no stamp of an existing profile moves;
      // an existing one's stamp moves (its page now has a card).
      const won = await profiles.change(existing ? [existing] : [], async (change) => {
        const profileId =
          existing ??
          (await profileService.insertProfile(
            owner,
            {
              profileName: editionDisplayName(card.edition as Edition, language),
              businessEmailAddress: owner.email,
              ...(choice.firstName ? { firstName: choice.firstName } : {}),
              ...(choice.lastName ? { lastName: choice.lastName } : {}),
            },
            change,
          ));
        if (!(await cards.claim(cardId, owner.userId, profileId, Date.now(), change))) throw alreadyRegistered();
        return true;
      });
      if (!won) throw alreadyRegistered();
      const row = await ownOrThrow(owner, cardId);
      return { ...(await present(row)), cardProfileId: row.profileId! };
    },

    /**
     * Issue 35: whether `owner` can register `cardId`, asked as soon as it is typed or scanned,
     * without registering: `ok`, or why `register` would refuse it (never minted, blocked, the
     * caller's own, another account's, an organisation's). Limited per owner (CARD_CHECK_RULE).
     */
    async check(owner: Owner, cardId: string): Promise<CardCheck> {
      await rateLimiter.consume([[CARD_CHECK_RULE, owner.userId]], 'Too many card checks in a short time. Please try again later.');
      const card = await cards.find(cardId);
      return { cardId, state: card ? registrationState(card, owner) : 'not-found' };
    },

    /** D7. Issue 33: an organisation's card is not its holder's to reset: its admins unassign it (audited). */
    async reset(owner: Owner, cardId: string): Promise<{ cardId: string; registered: false }> {
      const card = await ownOrThrow(owner, cardId);
      if (card.organisationId) throw organisationCardOnly("This card is your organisation's: its owners and admins take it back in the Team area.");
      const previous = card.profileId;
      // Scans counted but not yet written would otherwise land on the reset card (D7: views back to 0).
      await views.flush();
      if (!(await profiles.change([previous], (change) => cards.reset(owner.userId, cardId, change)))) throw cardNotFound();
      return { cardId, registered: false };
    },

    /** Issue 28: an operator blocks or unblocks any card; 404 for an unknown id. */
    async setBlocked(cardId: string, blocked: boolean): Promise<void> {
      if (!(await cards.setBlocked(cardId, blocked ? Date.now() : null))) throw cardNotFound();
      shownProfiles.delete(cardId);
    },

    /** Issue 28: an operator resets any card to unregistered (D7), whoever owns it. */
    async resetAny(cardId: string): Promise<void> {
      const card = await cards.find(cardId);
      if (!card) throw cardNotFound();
      await views.flush();
      await profiles.change([card.profileId], (change) => cards.resetAny(cardId, change));
      shownProfiles.delete(cardId);
    },

    /**
     * Issue 28: an operator moves a card to another account: in one change it leaves its owner
     * and shows a new profile of the new owner's, named after the edition (as registration makes).
     */
    async moveTo(cardId: string, to: Owner, language: string): Promise<void> {
      const card = await cards.find(cardId);
      if (!card) throw cardNotFound();
      // Issue 33: an organisation's card shows only company profiles; its admins assign it.
      if (card.organisationId) throw conflict(TeamErrorCode.organisationCard, "This card is an organisation's: its owners and admins assign it.");
      await views.flush();
      await profiles.change([card.profileId], async (change) => {
        await cards.resetAny(cardId, change);
        const profileId = await profileService.insertProfile(
          to,
          { profileName: editionDisplayName(card.edition as Edition, language), businessEmailAddress: to.email },
          change,
        );
        await cards.assign(cardId, to.userId, profileId, Date.now(), change);
      });
      shownProfiles.delete(cardId);
    },

    /**
     * Points the owner's card at another of their profiles. Issue 33: an organisation's card shows
     * only the holder's company profiles of that organisation (403 `cmc/organisation-card`
     * otherwise): never a private profile, whose number and leads would pass the organisation by.
     */
    async changeProfile(owner: Owner, cardId: string, profileId: string): Promise<Card> {
      const card = await ownOrThrow(owner, cardId);
      const previous = card.profileId;
      if (!(await profiles.findOwn(owner.userId, profileId))) throw profileNotFound();
      if (card.organisationId && !(await companyProfilesOf(card.organisationId, owner.userId)).includes(profileId))
        throw organisationCardOnly("profileId: this card is your organisation's: it shows only your company profiles of that organisation.", 'profileId');
      await profiles.change([previous, profileId], (change) => cards.setProfile(owner.userId, cardId, profileId, change));
      return present(await ownOrThrow(owner, cardId));
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;
