import type { Card, Edition } from '../../../shared/schemas/card.schema.ts';
import { cardLink } from '../../../shared/card-link.ts';
import type { CardWithProfile } from './card.repository.ts';

/** A card as owner calls answer it (SPEC 3). */
export function presentCard(row: CardWithProfile, publicUrl: string): Card {
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
    blocked: row.blocked !== null,
  };
}
