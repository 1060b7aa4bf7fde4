import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { OrganisationAuditTable, OrganisationPageDomainTable } from '../../db/tables.ts';

/** What a change of the page host came to: 'taken' when another organisation has proved the host (the partial unique index decides). */
export type PageDomainOutcome = 'done' | 'taken' | 'gone';

/**
 * SQL of issue 39's page hosts (migration 028) and of the one question the host gate asks: which
 * organisation a public page's profile, short link or card belongs to. Every change writes its
 * entry of the organisation's audit log (`organisationAudit`, the organisations feature's table)
 * in the same transaction.
 */
export function createPageDomainRepository(db: Db) {
  const normalise = (row: OrganisationPageDomainTable): OrganisationPageDomainTable => ({
    ...row,
    verified: row.verified === null ? null : Number(row.verified),
    created: Number(row.created),
  });
  /** Runs a change and, when it changed something, writes its audit entry, in one transaction. */
  const audited = async (change: (trx: Db) => Promise<PageDomainOutcome>, entry: OrganisationAuditTable): Promise<PageDomainOutcome> => {
    try {
      return await db.transaction().execute(async (trx) => {
        const outcome = await change(trx);
        if (outcome === 'done') await trx.insertInto('organisationAudit').values(entry).execute();
        return outcome;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  };
  const verifiedElsewhere = async (trx: Db, organisationId: string, host: string) =>
    Boolean(
      await trx
        .selectFrom('organisationPageDomain')
        .select('organisationId')
        .where('host', '=', host)
        .where('verified', 'is not', null)
        .where('organisationId', '!=', organisationId)
        .executeTakeFirst(),
    );

  return {
    async find(organisationId: string) {
      const row = await db.selectFrom('organisationPageDomain').selectAll().where('organisationId', '=', organisationId).executeTakeFirst();
      return row && normalise(row);
    },
    async organisationExists(organisationId: string) {
      return Boolean(await db.selectFrom('organisation').select('id').where('id', '=', organisationId).executeTakeFirst());
    },
    /** Every verified host with its organisation: the host directory's whole content (one row per organisation at most). */
    verifiedHosts(): Promise<{ host: string; organisationId: string }[]> {
      return db.selectFrom('organisationPageDomain').select(['host', 'organisationId']).where('verified', 'is not', null).execute();
    },
    /**
     * Names the organisation's host (replacing any earlier one, verified or not, with `row`):
     * 'taken' when another organisation has proved it.
     */
    put(row: OrganisationPageDomainTable, entry: OrganisationAuditTable): Promise<PageDomainOutcome> {
      return audited(async (trx) => {
        if (await verifiedElsewhere(trx, row.organisationId, row.host)) return 'taken';
        await trx.deleteFrom('organisationPageDomain').where('organisationId', '=', row.organisationId).execute();
        await trx.insertInto('organisationPageDomain').values(row).execute();
        return 'done';
      }, entry);
    },
    /** Marks the organisation's host verified, if it is still `host` and unproved; 'gone' otherwise. */
    markVerified(organisationId: string, host: string, by: 'dns' | 'operator', entry: OrganisationAuditTable): Promise<PageDomainOutcome> {
      return audited(async (trx) => {
        const result = await trx
          .updateTable('organisationPageDomain')
          .set({ verified: entry.created, verifiedBy: by })
          .where('organisationId', '=', organisationId)
          .where('host', '=', host)
          .where('verified', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? 'done' : 'gone';
      }, entry);
    },
    remove(organisationId: string, entry: OrganisationAuditTable): Promise<PageDomainOutcome> {
      return audited(async (trx) => {
        const result = await trx.deleteFrom('organisationPageDomain').where('organisationId', '=', organisationId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0 ? 'done' : 'gone';
      }, entry);
    },

    /** The organisation whose template made the profile (its company profile), or null. */
    async organisationOfProfile(profileId: string): Promise<string | null> {
      const row = await db.selectFrom('templatedProfile').select('organisationId').where('profileId', '=', profileId).executeTakeFirst();
      return row?.organisationId ?? null;
    },
    /** The same for the profile of a link-in-bio short link. */
    async organisationOfShortLink(shortLinkId: string): Promise<string | null> {
      const row = await db
        .selectFrom('profile')
        .innerJoin('templatedProfile', 'templatedProfile.profileId', 'profile.id')
        .select('templatedProfile.organisationId')
        .where('profile.shortLinkId', '=', shortLinkId)
        .executeTakeFirst();
      return row?.organisationId ?? null;
    },
    /** A card's organisation: the one of the company profile it shows, else the one it was registered to in bulk. */
    async organisationOfCard(cardId: string): Promise<string | null> {
      const row = await db
        .selectFrom('card')
        .leftJoin('templatedProfile', 'templatedProfile.profileId', 'card.profileId')
        .select(['templatedProfile.organisationId as shown', 'card.organisationId as holder'])
        .where('card.id', '=', cardId)
        .executeTakeFirst();
      return row?.shown ?? row?.holder ?? null;
    },
  };
}
export type PageDomainRepository = ReturnType<typeof createPageDomainRepository>;
