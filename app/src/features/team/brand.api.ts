import { z } from 'zod';
import { organisationSchema } from '../../../../shared/schemas/organisation.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

const logoAnswerSchema = z.object({ organisationId: z.string(), logoPath: z.string().nullable() });

/** Issue 24 with 26: the organisation's brand (colours, logo), shown on its company profiles' pages. */
export const brandApi = {
  /** POST /organisation/update with the brand colours; 400 cmc/low-contrast with a suggestion when one is unreadable. */
  saveColours: (organisationId: string, brandColour: string, brandColourDark: string) =>
    apiRequest('/organisation/update', { body: { organisationId, brandColour, brandColourDark }, schema: organisationSchema }),
  /** POST /organisation/logo (multipart). */
  uploadLogo: (organisationId: string, file: File) => {
    const form = new FormData();
    form.append('organisationId', organisationId);
    form.append('logo', file);
    return apiRequest('/organisation/logo', { body: form, schema: logoAnswerSchema });
  },
  /** POST /organisation/logo/delete. */
  deleteLogo: (organisationId: string) => apiRequest('/organisation/logo/delete', { body: { organisationId }, schema: logoAnswerSchema }),
};
