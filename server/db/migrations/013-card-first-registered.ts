import type { Kysely } from 'kysely';

/**
 * Issue 28: `card.firstRegistered`, the time (epoch ms) the card was first registered to an
 * account, kept when a registration ends (a reset by its owner or an operator, a move, the
 * deletion of its account), so the fleet statistics' "never activated" counts only cards that
 * were never in use, not cards reset since.
 * Existing rows are not filled in here: a card registered now has its registration in
 * `registered`, and every write that clears `registered` keeps it in `firstRegistered` first
 * (server/features/cards/card.repository.ts), so a card's first registration is
 * `coalesce(firstRegistered, registered)` and it was never registered when both are null. An
 * UPDATE of every registered card here would hold the card table locked (the ALTER's lock lasts
 * the migration's transaction on PostgreSQL) while every card page waits: 17 s at a million
 * cards on the shared machine (docs/performance.md). Registrations that ended before this
 * migration were kept nowhere: those cards count as never activated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card').addColumn('firstRegistered', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card').dropColumn('firstRegistered').execute();
}
