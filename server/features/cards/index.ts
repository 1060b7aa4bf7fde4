/**
 * What other features may use of cards (issue 21: only through this file): the card service's
 * type, the editions (names, colours, images) that wallet passes show, the one read of an
 * owner's card that the wallet needs, and the columns of the card rules D6/D7.
 */
import type { CardsServices } from './cards.feature.ts';

export type { CardService, PublicCardState } from './card.service.ts';
export { EDITION_INFO, editionDisplayName, editionInfo, isEdition, rgbToHex, type EditionInfo, type RgbColor } from './editions.ts';
export { editionPng, type PngBox } from './edition-image.ts';
export { PRINT_PNG_SIZE, printCardFiles, printCsv, printRow, type PrintFile } from './print-bundle.ts';

/** What the wallet passes need of cards: an owner's card (issue 34: a service of the cards feature). */
export type OwnCards = CardsServices['ownCards'];
/** What the statistics' view counter needs of cards: the scans it writes, in its transaction. */
export type CardScans = CardsServices['cardScans'];
export { qrPng } from './qr-code.ts';
/**
 * The columns of a card's registration and of its going back to unregistered (D6, D7), for the
 * organisation's card repository and the deletion of an account, which write the card table too.
 */
export { registeredColumns, unregisteredColumns } from './card-columns.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createCardsFeature, type CardsServices } from './cards.feature.ts';
