import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { idSchema } from '../../../shared/schemas/common.schema.ts';
import { visitSourceSchema } from '../../../shared/schemas/visit-source.schema.ts';
import { CONTACT_FORM_FIELDS, sendContactSchema } from '../../../shared/schemas/contact.schema.ts';
import { isCrossSite } from '../../http/cross-site.ts';
import { AppError, badInput } from '../../http/errors.ts';
import { pickLanguage } from '../../http/language.ts';
import type { ContactRetry } from '../../../shared/public-page/profile.dialogs.tsx';
import type { PublicPageService } from '../public-pages/index.ts';
import type { LeadsServices } from './leads.feature.ts';

/** The dialog the page opens after a form post without JavaScript (its fragment names it). */
type Outcome = 'contact-sent' | 'contact-failed' | 'contact-invalid' | 'contact-limited';

/**
 * Issue 34: the leads feature's contact service, and the one service of another feature this route
 * uses, the public page that answers a refused form (leads.feature.ts hands both in).
 */
export interface ContactFormOptions {
  services: Pick<LeadsServices, 'contacts'>;
  pages: Pick<PublicPageService, 'refusedContactForm'>;
}

/**
 * POST /p/{id}/contact, the public page's contact-exchange form (D5). The enhancement script
 * asks for JSON: 204, or the D4 error. Without JavaScript: a 303 back to the page, whose
 * fragment opens the outcome dialog.
 */
export default async function contactFormRoutes(app: FastifyInstance, options: ContactFormOptions): Promise<void> {
  const { config } = app;
  const { services } = options;
  const publicOrigin = new URL(config.publicUrl).origin;
  // The form without JavaScript posts urlencoded; this plugin's scope parses it.
  await app.register(formbody, { bodyLimit: 4096 });

  /** A refused form's fields as they were typed (strings only, each within its input's limit). */
  function typed(request: FastifyRequest): ContactRetry {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string, max: number) => (typeof body[key] === 'string' ? (body[key] as string).slice(0, max) : '');
    return {
      senderEmail: text('senderEmail', 254),
      name: text('name', 100),
      phone: text('phone', 40),
      company: text('company', 100),
      message: text('message', 500),
    };
  }

  /** Sends the exchange; errors become the outcome dialog, or are thrown as D4 for the script. */
  async function exchange(request: FastifyRequest<{ Params: { id: string } }>, wantsJson: boolean): Promise<{ outcome: Outcome; field?: string }> {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (isCrossSite(request, publicOrigin)) {
      if (wantsJson) throw new AppError(403, ErrorCode.invalidInput, 'Cross-site form posts are not accepted.');
      return { outcome: 'contact-failed' };
    }
    // SPEC's e-mail and issue 12's optional fields (and the page's hidden `source`), nothing else.
    const fields = Object.fromEntries(CONTACT_FORM_FIELDS.map((k) => [k, body[k]]));
    const parsed = sendContactSchema.safeParse({ ...fields, profileId: request.params.id, language: languageOf(request) });
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'senderEmail');
      if (wantsJson) throw badInput(field, parsed.error.issues[0]?.message ?? 'invalid');
      return { outcome: 'contact-invalid', field };
    }
    try {
      await services.contacts.send(parsed.data, { address: request.ip });
      return { outcome: 'contact-sent' };
    } catch (error) {
      if (wantsJson) throw error;
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'contact exchange failed');
      return { outcome: error instanceof AppError && error.status === 429 ? 'contact-limited' : 'contact-failed' };
    }
  }

  /** The form's hidden `language` field, else D1's pick from the request. */
  function languageOf(request: FastifyRequest) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return pickLanguage({ query: { lng: body.language }, headers: request.headers });
  }

  app.post<{ Params: { id: string } }>('/p/:id/contact', { schema: { hide: true } }, async (request, reply) => {
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const { outcome, field } = await exchange(request, wantsJson);
    if (wantsJson) return reply.code(204).send();
    const { id } = request.params;
    const source = visitSourceSchema.safeParse((request.body as Record<string, unknown> | undefined)?.source);
    if (outcome === 'contact-invalid') {
      // Issue 23: without JavaScript a refused form comes back as it was typed, with email_error
      // shown: the page itself (400, never cached), its contact dialog open. Not a view.
      const retry = { ...typed(request), refused: field };
      const page = await options.pages.refusedContactForm(id, languageOf(request), source.success ? source.data : 'link', retry, request.pageOrigin);
      if (page) {
        return reply.code(400).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', page.csp).send(page.html);
      }
    }
    const back = idSchema.safeParse(id).success ? `/p/${encodeURIComponent(id)}` : '/';
    // The page came from a card, a wallet pass or link-in-bio: the page it returns to keeps saying so.
    const src = source.success && source.data !== 'link' ? `&src=${source.data}` : '';
    return reply.header('cache-control', 'no-store').redirect(`${back}?lng=${languageOf(request)}${src}#${outcome}`, 303);
  });
}
