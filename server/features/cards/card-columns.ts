import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';

type CardColumns = ExpressionBuilder<Database, 'card'>;

/** The columns of a registration (D6): the card's first registration stays the first (migration 013). */
export const registeredColumns = (eb: CardColumns, userId: string, profileId: string, now: number) => ({
  userId,
  profileId,
  registered: now,
  firstRegistered: eb.fn.coalesce('firstRegistered', eb.val(now)),
  views: 0,
});

/**
 * The columns of a card going back to unregistered (D7, an operator's reset or move, an
 * account's deletion). The registration that ends is kept as the first one unless an earlier
 * one is (the right-hand sides read the row as it was), so a reset card never counts as never
 * activated (migration 013). Every write that clears `registered` uses this.
 */
export const unregisteredColumns = (eb: CardColumns) => ({
  userId: null,
  profileId: null,
  registered: null,
  firstRegistered: eb.fn.coalesce('firstRegistered', 'registered'),
  views: 0,
});
