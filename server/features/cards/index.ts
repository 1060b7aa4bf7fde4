/**
 * What other features may use of cards (issue 21: only through this file): the card service's
 * type, the editions (names, colours, images) that wallet passes show, and the one read of an
 * owner's card that the wallet needs.
 */
import type { CardRepository } from './card.repository.ts';

export type { CardService, PublicCardState } from './card.service.ts';
export { EDITION_INFO, editionDisplayName, editionInfo, isEdition, rgbToHex, type EditionInfo, type RgbColor } from './editions.ts';
export { editionPng, type PngBox } from './edition-image.ts';
export { PRINT_PNG_SIZE, printCardFiles, printCsv, printRow, type PrintFile } from './print-bundle.ts';

/** An owner's card as other features may read it. */
export type CardAccess = Pick<CardRepository, 'findOwn'>;
/** Issue 24: an organisation's cards as the organisations feature registers, lists and assigns them. */
export type OrganisationCardAccess = Pick<
  CardRepository,
  | 'registrationStates'
  | 'registerToOrganisation'
  | 'organisationCards'
  | 'organisationCard'
  | 'assignedTo'
  | 'assignInOrganisation'
  | 'unassignInOrganisation'
  | 'releaseOrganisationCards'
>;
export type { OrganisationCardRow } from './card.repository.ts';
export { qrPng } from './qr-code.ts';
/** The columns of a card going back to unregistered, for the deletion of its account. */
export { unregisteredColumns } from './card.repository.ts';
