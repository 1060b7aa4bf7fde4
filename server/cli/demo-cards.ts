import type { FastifyInstance } from 'fastify';
import { cardLink } from '../../shared/card-link.ts';
import { EDITIONS } from '../../shared/schemas/card.schema.ts';
import { createCardRepository } from '../features/cards/card.repository.ts';

/**
 * D9: on the embedded default (no DATABASE_URL, not production) a fresh database gets a few
 * demo cards, one per edition in turn, and every start prints the links of the unregistered ones.
 */
export async function seedDemoCards(app: FastifyInstance): Promise<void> {
  const { config, db, features } = app;
  if (config.isProduction || config.databaseUrl || config.demoCards === 0) return;
  const cards = createCardRepository(db);
  if ((await cards.count()) === 0) {
    for (let i = 0; i < config.demoCards; i++) await features.cards.cards.mint(EDITIONS[i % EDITIONS.length], 1);
  }
  const free = await cards.listUnregistered(config.demoCards);
  // The link as the card's printed QR code holds it, so a demo scan counts as a QR scan (issue 23).
  for (const card of free) app.log.info(`Demo card (${card.edition}), scan or open: ${cardLink(config.publicUrl, card.id, 'qr')}`);
}
