import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.ts';
import { idSchema } from '../../shared/schemas/common.schema.ts';
import { visitSourceSchema } from '../../shared/schemas/visit-source.schema.ts';
import { CONTACT_FORM_FIELDS, sendContactSchema } from '../../shared/schemas/contact.schema.ts';
import { isCrossSite } from '../http/cross-site.ts';
import { AppError, badInput } from '../http/errors.ts';
import { pickLanguage } from '../http/language.ts';

/** The dialog the page opens after a form post without JavaScript (its fragment names it). */
type Outcome = 'contact-sent' | 'contact-failed' | 'contact-invalid' | 'contact-limited';

/**
 * POST /p/{id}/contact, the public page's contact-exchange form (D5). The enhancement script
 * asks for JSON: 204, or the D4 error. Without JavaScript: a 303 back to the page, whose
 * fragment opens the outcome dialog.
 */
export default async function contactFormRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app;
  const publicOrigin = new URL(config.publicUrl).origin;
  // The form without JavaScript posts urlencoded; this plugin's scope parses it.
  await app.register(formbody, { bodyLimit: 4096 });

  /** Sends the exchange; errors become the outcome dialog, or are thrown as D4 for the script. */
  async function exchange(request: FastifyRequest<{ Params: { id: string } }>, wantsJson: boolean): Promise<Outcome> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (isCrossSite(request, publicOrigin)) {
      if (wantsJson) throw new AppError(403, ErrorCode.invalidInput, 'Cross-site form posts are not accepted.');
      return 'contact-failed';
    }
    // SPEC's e-mail and issue 12's optional fields (and the page's hidden `source`), nothing else.
    const fields = Object.fromEntries(CONTACT_FORM_FIELDS.map((k) => [k, body[k]]));
    const parsed = sendContactSchema.safeParse({ ...fields, profileId: request.params.id, language: languageOf(request) });
    if (!parsed.success) {
      if (wantsJson) throw badInput(String(parsed.error.issues[0]?.path[0] ?? 'senderEmail'), parsed.error.issues[0]?.message ?? 'invalid');
      return 'contact-invalid';
    }
    try {
      await services.contacts.send(parsed.data, { address: request.ip });
      return 'contact-sent';
    } catch (error) {
      if (wantsJson) throw error;
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'contact exchange failed');
      return error instanceof AppError && error.status === 429 ? 'contact-limited' : 'contact-failed';
    }
  }

  /** The form's hidden `language` field, else D1's pick from the request. */
  function languageOf(request: FastifyRequest) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return pickLanguage({ query: { lng: body.language }, headers: request.headers });
  }

  app.post<{ Params: { id: string } }>('/p/:id/contact', { schema: { hide: true } }, async (request, reply) => {
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const outcome = await exchange(request, wantsJson);
    if (wantsJson) return reply.code(204).send();
    const { id } = request.params;
    const back = idSchema.safeParse(id).success ? `/p/${encodeURIComponent(id)}` : '/';
    // The page came from a card, a wallet pass or link-in-bio: the page it returns to keeps saying so.
    const source = visitSourceSchema.safeParse((request.body as Record<string, unknown> | undefined)?.source);
    const src = source.success && source.data !== 'link' ? `&src=${source.data}` : '';
    return reply.header('cache-control', 'no-store').redirect(`${back}?lng=${languageOf(request)}${src}#${outcome}`, 303);
  });
}
