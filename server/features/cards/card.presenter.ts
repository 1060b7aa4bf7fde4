import type { Card, Edition } from '../../../shared/schemas/card.schema.ts';
import { cardLink } from '../../../shared/card-link.ts';
import type { CardWithProfile } from './card.repository.ts';

/** A card as owner calls answer it (SPEC 3); `profileChoices` the company profiles an organisation's card may show (null: any). */
export function presentCard(row: CardWithProfile, publicUrl: string, profileChoices: string[] | null = null): Card {
  return {
    id: row.id,
    cardId: row.id,
    typeName: row.edition as Edition,
    imagePath: `/assets/editions/${row.edition}.svg`,
    qrCodePath: `/cards/${row.id}/qr.svg`,
    cardLink: cardLink(publicUrl, row.id),
    cardProfileId: row.profileId,
    cardProfileName: row.profileName,
    cardViews: Number(row.views),
    organisationCard: row.organisationId !== null,
    profileChoices: row.organisationId !== null ? (profileChoices ?? []) : null,
    blocked: row.blocked !== null,
  };
}
