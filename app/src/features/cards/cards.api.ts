import { z } from 'zod';
import { cardCheckSchema, cardRegisteredSchema, cardSchema } from '../../../../shared/schemas/card.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of card data. */
export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
  detail: (id: string) => [...cardKeys.all, 'detail', id] as const,
};

/** Owner calls of SPEC 7 on cards. */
export const cardsApi = {
  /** GET /find/own/cards. */
  list: () =>
    apiRequest('/find/own/cards', {
      schema: z.union([z.array(cardSchema), z.record(z.string(), cardSchema)]).transform((v) => Object.values(v)),
    }),
  /** POST /find/own/card/by-id. */
  byId: (cardId: string) => apiRequest('/find/own/card/by-id', { body: { cardId }, schema: cardSchema }),
  /**
   * POST /card/register. The owner comes from the token (D6); `firebaseUserEmail` is sent for the
   * SPEC 7 shape only. The answer carries the profile's id as `cardProfileId`. Issue 23: `choice`
   * says which profile the card shows (an existing one, or a new one with this name).
   */
  register: (cardId: string, email: string, choice: { profileId: string } | { firstName: string; lastName: string }) =>
    apiRequest('/card/register', {
      body: { cardId, firebaseUserEmail: email, ...choice },
      schema: cardRegisteredSchema.partial().extend({ cardProfileId: z.string().nullable().optional() }),
    }),
  /** POST /card/check: whether the owner can register the card, else why not (issue 35), before a profile is picked. */
  check: (cardId: string) => apiRequest('/card/check', { body: { cardId }, schema: cardCheckSchema }),
  /** POST /card/profile/change: shows the card's link to another profile. */
  changeProfile: (cardId: string, profileId: string) => apiRequest<unknown>('/card/profile/change', { body: { cardId, profileId } }),
  /** POST /card/delete: the card becomes unregistered again (D7). */
  reset: (cardId: string) => apiRequest<unknown>('/card/delete', { body: { cardId } }),
};
